/**
 * The kit's user cell (issue 30 item 3): a person as the portal shows one in a table row or a list — the name, with the
 * email under it (muted) — or the email alone when the person has no name (an invited user, a directory's account).
 * One place for what the users, sub-account users, groups and security center sections each wrote for themselves;
 * {@link userName} is the same rule as one text (a dialog's title, a button's accessible name).
 */
import type { ReactNode } from 'react';
import * as css from './admin.css.ts';
import type { ColumnDef } from './data-table.tsx';
import { RowDetailsTrigger } from './row-details.tsx';

/** What a user cell reads of a user: the email, and the name when there is one (`''`, null or absent: none). */
export interface UserLike {
  name?: string | null;
  email: string;
}

/** The name a user goes by: the name, else the email. */
export function userName(user: UserLike): string {
  return user.name || user.email;
}

/**
 * The cell of `user`: {@link userName} over the email (only when the name is shown, so the email never stands twice),
 * then `children` (e.g. the user's state chips). Marked `data-user-cell`. Each line is cut by an ellipsis when it does
 * not fit (the whole text on hover); with `onDetails` the name is the button that opens the row's details
 * (row-details.tsx), where the whole of it is reachable without a mouse.
 */
export function UserCell({ user, children, onDetails }: { user: UserLike; children?: ReactNode; onDetails?: () => void }) {
  const name = userName(user);
  return (
    <span className={css.cellStack} data-user-cell="">
      {onDetails ? (
        <RowDetailsTrigger name={name} onOpen={onDetails} />
      ) : (
        <span className={css.ellipsis} title={name}>
          {name}
        </span>
      )}
      {user.name ? (
        <span className={`${css.muted} ${css.ellipsis}`} title={user.email}>
          {user.email}
        </span>
      ) : null}
      {children}
    </span>
  );
}

/** A table's `user` column: the {@link UserCell} of each row (not sortable: no accessor), `size` px wide at least. */
export function userColumn<T extends UserLike>(header: string, size: number): ColumnDef<T, unknown> {
  return { id: 'user', header, size, cell: ({ row }) => <UserCell user={row.original} /> };
}
