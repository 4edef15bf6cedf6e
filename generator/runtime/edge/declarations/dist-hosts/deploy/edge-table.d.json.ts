// The type of dist-hosts/deploy/edge-table.json, which the edge functions import and `npm run build` writes: declared
// here (tsconfig `rootDirs`) so that the functions type-check in a clone that has not been built yet.
import type { ServingTable } from '../../../../site/table.js';

declare const table: ServingTable;
export default table;
