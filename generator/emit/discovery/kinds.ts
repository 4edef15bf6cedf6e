// The discovery family's kinds: media type, output file, emitter and validators of each.
import type { KindTable } from '../../registry/build-registry.js';

export const discoveryKinds: KindTable = {};
