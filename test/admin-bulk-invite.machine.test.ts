import { expect } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminBulkInviteMachine, parseEmails, type InviteOutcome } from '../machines/admin-bulk-invite.machine.ts';

/** The bulk-invite machine whose `inviteOne` answers from `outcomes` by email (an Error is a refusal); `calls` records each email asked. */
function start(outcomes: Record<string, InviteOutcome | Error>) {
  const calls: string[] = [];
  const machine = adminBulkInviteMachine.provide({
    actors: {
      inviteOne: fromPromise<InviteOutcome, { email: string; roleIds: string[] }>(async ({ input }) => {
        calls.push(input.email);
        const outcome = outcomes[input.email] ?? 'invited';
        if (outcome instanceof Error) throw outcome;
        return outcome;
      }),
    },
  });
  const actor = createActor(machine, { input: {} });
  const emitted: string[][] = [];
  actor.on('invited', (e) => emitted.push(e.emails));
  actor.start();
  return { actor, calls, emitted };
}

describe('bulk invite machine (machines/admin-bulk-invite.machine.ts)', () => {
  it('AB-4.10 parseEmails: one address per line, comma or semicolon; each address once, whatever its case', () => {
    expect(parseEmails('a@x.test, b@x.test;\nA@X.test\n\n  c@x.test  ')).to.deep.equal(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(parseEmails(' \n ,')).to.deep.equal([]);
  });

  it('AB-4.10 AB-4.11 AB-8.10 each email is one invitation in order; members, pending invitations and refusals land in the unallowed list with their reason', async () => {
    const refused = Object.assign(new Error('The email domain is not allowed'), { statusCode: 400 });
    const { actor, calls, emitted } = start({ 'member@x.test': 'member', 'waiting@x.test': 'pending', 'bad@x.test': refused });
    const emails = ['one@x.test', 'member@x.test', 'waiting@x.test', 'bad@x.test', 'two@x.test'];
    actor.send({ type: 'form.submit', emails, roleIds: ['r1'] });
    const done = await waitFor(actor, (s) => s.matches('results'));
    expect(calls).to.deep.equal(emails);
    expect(done.context.allowed).to.deep.equal(['one@x.test', 'two@x.test']);
    expect(done.context.unallowed).to.deep.equal([
      { email: 'member@x.test', reason: 'member' },
      { email: 'waiting@x.test', reason: 'pending' },
      { email: 'bad@x.test', reason: 'refused', error: { message: 'The email domain is not allowed', statusCode: 400, traceId: undefined } },
    ]);
    // once, with the invited addresses: the view then shows the server's table
    expect(emitted).to.deep.equal([['one@x.test', 'two@x.test']]);
    actor.stop();
  });
});
