// The checks over the whole build: cross-artifact consistency and the contract's boundaries. Each in its own module.
import type { TreeValidator } from '../registry/types.js';

export const treeValidators: TreeValidator[] = [];
