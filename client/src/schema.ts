/**
 * The contract's types, generated from the spec (`generated/schema.d.ts`). In the published package this module is
 * that file itself, copied into the build, so the package depends on nothing of this repository.
 */
export type { components, operations, paths, webhooks } from '../../generated/schema.js';
