/**
 * The admin data table with 10,000 loaded rows, for `npm run bench` (scripts/bench-admin.mjs): the same
 * DataTable and styles as the users section, in a shadow root, rows virtualised.
 */
import { createRoot } from 'react-dom/client';
import { DataTable, type ColumnDef } from '../../src/admin/ui/data-table.tsx';
import { adminCss } from '../../src/admin/ui/styles.ts';

interface Row {
  id: string;
  name: string;
  email: string;
  roles: string;
  joined: string;
}

const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: String(i),
  name: `User ${i}`,
  email: `user${String(i).padStart(5, '0')}@example.com`,
  roles: i % 3 ? 'Viewer' : 'Admin',
  joined: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
}));
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', header: 'User', accessorKey: 'name', cell: ({ row }) => `${row.original.name} · ${row.original.email}` },
  { id: 'roles', header: 'Roles', accessorKey: 'roles' },
  { id: 'joined', header: 'Joined', accessorKey: 'joined' },
];

class BenchTable extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(adminCss);
    root.adoptedStyleSheets = [sheet];
    const mount = document.createElement('div');
    root.append(mount);
    createRoot(mount).render(<DataTable label="Users" columns={columns} data={rows} getRowId={(r) => r.id} />);
  }
}
customElements.define('bench-table', BenchTable);
