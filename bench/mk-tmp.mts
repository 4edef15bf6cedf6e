import { writeContentSet } from './synthetic/content-set.js';
const n = Number(process.argv[2]);
await writeContentSet(`/tmp/h8-set-${n}`, '/work/main/content', n);
