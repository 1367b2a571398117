/**
 * The layer rules of server/ (DESIGN.md, "Layers of the server"): a request walks down from http/, never back up;
 * core/ is the floor; nothing imports another module that imports it back; the test helpers stay in the tests. And
 * the boundary of the two packages: the CLI (cli/) uses the client (client/) as a partner's code does, the client
 * knows nothing of the CLI.
 * Run by `npm run check:layers` (part of `npm run check`) and by server/layers.test.ts and cli/test/boundary.test.ts
 * (which also show each rule failing).
 */
const TEST_FILES = '(\\.test\\.ts$|^server/testing/|^contract-tests/|^client/test/|^cli/test/)';
const BELOW_HTTP = '^server/(core|db|domain|payments|webhooks|jobs|admin|logs|mail)/';

/**
 * The floors of server/, lowest first: a production module imports from its own floor or below, never from above
 * (one rule per floor, `floor-<n>-…`). Folders end in `/`, single files in `.ts`.
 */
const FLOORS = [
  ['core/', 'ids.ts', 'config-values.ts'],
  ['config.ts', 'logger.ts'],
  ['db/'],
  ['jobs/', 'payments/', 'webhooks/', 'logs/', 'mail/'],
  ['domain/'],
  ['http/', 'admin/', 'job-kinds.ts'],
  ['service.ts', 'admin.ts'],
  ['main.ts'],
];
const floorPath = (entries) =>
  `^server/(${entries.map((e) => (e.endsWith('/') ? e.replace(/\./g, '\\.') : `${e.replace(/\./g, '\\.')}$`)).join('|')})`;
/**
 * The floors inside domain/, lowest first, the same way: a charge's followers (subscriptions, checkout) sit above the
 * engine (transactions) and register with it (`domain/charge-followers.ts`), so the engine imports neither.
 */
const DOMAIN_FLOORS = [
  ['domain/recovery.ts', 'domain/documents.ts'],
  ['domain/access/', 'domain/team/', 'domain/fees/', 'domain/clock/', 'domain/catalog/', 'domain/webhooks/', 'domain/wallets/'],
  ['domain/customers/', 'domain/splits/'],
  ['domain/addresses/', 'domain/ledger/'],
  ['domain/transactions/'],
  ['domain/withdrawals/', 'domain/subscriptions/', 'domain/routes/'],
  ['domain/checkout/'],
  ['domain/charge-followers.ts'],
];
const floorRules = FLOORS.slice(0, -1).map((floor, i) => ({
  name: `floor-${i}-${floor[0].replace(/[/.]/g, '').replace(/ts$/, '')}`,
  comment: `A module of floor ${i} (${floor.join(', ')}) imports from a floor above it: move what it needs down, or let the upper floor call it.`,
  severity: 'error',
  from: { path: floorPath(floor), pathNot: TEST_FILES },
  to: { path: floorPath(FLOORS.slice(i + 1).flat()) },
}));
const domainFloorRules = DOMAIN_FLOORS.slice(0, -1).map((floor, i) => ({
  name: `domain-floor-${i}-${floor[0].replace(/^domain\//, '').replace(/[/.]/g, '').replace(/ts$/, '')}`,
  comment: `A domain module of floor ${i} (${floor.join(', ')}) imports from a domain floor above it: let the upper module register with it instead.`,
  severity: 'error',
  from: { path: floorPath(floor), pathNot: TEST_FILES },
  to: { path: floorPath(DOMAIN_FLOORS.slice(i + 1).flat()) },
}));

module.exports = {
  forbidden: [
    ...floorRules,
    ...domainFloorRules,
    {
      name: 'no-upward-http',
      comment: 'A module below http/ imports http/: the request would walk back up. Move what it needs to core/.',
      severity: 'error',
      // Tests included: a test that needs http/ tests the HTTP layer and lives in http/ (or goes through the harness).
      from: { path: BELOW_HTTP },
      to: { path: '^server/http/' },
    },
    {
      name: 'core-is-the-floor',
      comment: 'core/ is what every layer may use: it imports nothing of server/ outside itself.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/', pathNot: '^server/core/' },
    },
    {
      name: 'no-circular',
      comment: 'A circle of imports (type-only ones count): break it by moving the shared part down a layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-knows-no-cli',
      comment: 'The client package imports nothing of the CLI package: partners install the client without it.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^cli/' },
    },
    {
      name: 'cli-uses-the-client-package',
      comment:
        "The CLI imports the client by its package name ('@payments-service/client', '…/webhooks'), never a module of " +
        'client/src/ by its path: what it uses must be exported to partners too, or its packed build would not find it.',
      severity: 'error',
      from: { path: '^cli/' },
      // tsconfig.json's paths map the package's entry points to client/src/ in this repository.
      to: { path: '^client/src/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'testing-only-in-tests',
      comment: 'server/testing/ is test support: production code must not import it.',
      severity: 'error',
      from: { pathNot: TEST_FILES },
      to: { path: '^server/testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The packages' builds are compiled from their src/, which is checked instead.
    exclude: { path: '((^|/)node_modules/|^(client|cli)/dist/)' },
    // Type-only imports are dependencies too: a circle of types is still a circle of modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json', '.d.ts'] },
  },
};
