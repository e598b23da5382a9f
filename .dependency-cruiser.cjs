/**
 * The package boundaries, checked by dependency-cruiser (`npx depcruise --config .dependency-cruiser.cjs
 * contracts/src workflows/src services web/src tests`, a check of `npm test`; ADR 0005).
 *
 * Floors: contracts and workflows (pure: the console imports them) < the kernel (event-store) <
 * the business contexts, siblings that never import each other except through the allowed ports
 * below < the host, which wires them. Every package is imported only through its index.
 */

/** Package roots, as path patterns (the first group names the package). */
const PACKAGE = '^(contracts|workflows|web|tests|services/[^/]+)/';
/** Packages with a facade (src/index.ts); the console is an application and has none. */
const LIBRARY = '^(contracts|workflows|services/[^/]+)/';
/**
 * Not code but files a package publishes as they are: the sample processes (.bpmn, read raw by
 * the designer and the tests) and ambient declarations of untyped modules (bpmn-moddle.d.ts).
 */
const ASSET = '\\.(bpmn|d\\.ts)$';

/** The business contexts (services/<name>): siblings. */
const CONTEXTS = ['identity', 'masterdata', 'access', 'documents', 'warehouse', 'transport', 'billing', 'workflow', 'report'];

/**
 * The only imports one context makes of another (its index: an injection token and interface it
 * exports, or a published event's shape), with what each carries. Anything else is a violation.
 */
const ALLOWED = {
  // authentication and the authorization questions every context asks: AuthGuard, ButtonCheck, the
  // request's Meta, and the ports it declares (ACCESS_RULES, ROW_SCOPES, ACCOUNT_RECORDS)
  identity: [],
  // implements identity's ACCOUNT_RECORDS (user records), asks ROW_SCOPES and ButtonCheck
  masterdata: ['identity'],
  // implements identity's ACCESS_RULES and ROW_SCOPES; reads and seeds its rules through master
  // data's RECORDS port and registers its entities' hooks through ENTITY_HOOKS
  access: ['identity', 'masterdata'],
  // the document kit: ROW_SCOPES (identity), REFERENCE_CHECK and SERIAL_CODES (masterdata), the
  // review ports REVIEW_POLICY and REVIEW_REGISTRY (workflow)
  documents: ['identity', 'masterdata', 'workflow'],
  // its documents' own decisions registered with the kit (DocumentDecisionsRegistry, the kit's
  // DocumentService for a booking read by number), places, materials and strategies through
  // master data's MASTER_DATA port, ROW_SCOPES and the request's Meta (identity)
  warehouse: ['identity', 'documents', 'masterdata'],
  // the consignment order is a document type of the kit engine (the kernel's floor in DESIGN): its
  // demo seed drives the kit's DocumentService; the transport chain (issue 14) registers its
  // decisions with the kit, reads vehicles, drivers, routes and prices through master data's
  // MASTER_DATA port, ROW_SCOPES and the request's Meta (identity); the dispatcher board (board/):
  // CurrentUser, ROW_SCOPES and the owner scope (identity)
  transport: ['identity', 'documents', 'masterdata'],
  // billing documents on the kit; customers' bound owners and row scopes (identity); agreements and
  // prices through master data's ports
  billing: ['identity', 'documents', 'masterdata'],
  // approvals: the guard's decorators and the request's Meta; demo actors for the samples (identity)
  workflow: ['identity'],
  // ROW_SCOPES (identity); the approval figures through workflow's FLOW_INBOX
  report: ['identity', 'workflow'],
};

const otherThan = (names) => `^services/(?!(${names.join('|')})/)[^/]+/`;

module.exports = {
  forbidden: [
    {
      name: 'no-deep-import',
      comment:
        'Another @tpl package is imported through its index (its facade) only, never a file inside it; ' +
        "contracts has a second declared entry, @tpl/contracts/light (no zod, no registries: the sign-in page's calls and words), " +
        'and the document kit its test kit, @tpl/documents/test (specs only: test-kit-only-in-specs).',
      severity: 'error',
      from: { path: PACKAGE },
      to: { path: LIBRARY, pathNot: ['^$1/', '^(contracts|workflows|services/[^/]+)/src/index\\.ts$', '^contracts/src/light\\.ts$', '^services/documents/test/index\\.ts$', ASSET] },
    },
    {
      name: 'test-kit-only-in-specs',
      comment:
        "The document kit's test kit (services/documents/test, @tpl/documents/test: given / when / then over a type's decisions) " +
        'is for specs: no shipped module imports it (it lies outside src/, so it is never built into dist).',
      severity: 'error',
      from: { pathNot: ['\\.spec\\.ts$', '^services/documents/test/'] },
      to: { path: '^services/documents/test/' },
    },
    {
      name: 'no-deep-import-unresolved',
      comment: 'A path into another @tpl package (@tpl/<name>/...) is a deep import even where it does not resolve.',
      severity: 'error',
      from: {},
      to: { path: '^@tpl/[^/]+/' },
    },
    {
      name: 'no-relative-path-out-of-package',
      comment: "A relative path never leaves its package: another package is reached by its name (@tpl/<name>), whose index is its facade.",
      severity: 'error',
      from: { path: '^(contracts|workflows|web|services/[^/]+)/' },
      to: { path: PACKAGE, pathNot: ['^$1/', ASSET], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'tests-reach-libraries-by-name',
      comment:
        'The cross-package suites reach a library package by its name (its index), never by a relative path; ' +
        "the console's modules (an application, no facade) and published assets they may read by path.",
      severity: 'error',
      from: { path: '^tests/' },
      to: { path: LIBRARY, pathNot: ASSET, dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'contracts-and-workflows-hold-no-server-code',
      comment: 'The console imports contracts and workflows: no NestJS, no database driver, no service, no Node built-in.',
      severity: 'error',
      from: { path: '^(contracts|workflows)/' },
      to: {
        path: [
          // resolved into node_modules, or (where not installed) by name
          '(^|/)node_modules/(@nestjs/[^/]+|pg|pg-[^/]+|kafkajs|@electric-sql/[^/]+|@event-driven-io/[^/]+|@kurrent/[^/]+)/',
          '^(@nestjs/|pg$|pg-|kafkajs$|@electric-sql/|@event-driven-io/|@kurrent/)',
          '^(services|web|tests)/',
        ],
      },
    },
    {
      name: 'contracts-and-workflows-no-node-built-ins',
      comment: 'The console imports contracts and workflows: no Node built-in modules (node:crypto, fs, ...).',
      severity: 'error',
      from: { path: '^(contracts|workflows)/', pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-import-no-workflows',
      comment: 'contracts is the bottom floor: workflows read its schemas, never the other way round.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^workflows/' },
    },
    {
      name: 'web-imports-only-contracts-and-workflows',
      comment: 'Among @tpl packages the console imports contracts and workflows only; it reaches services over HTTP.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(services|tests)/' },
    },
    {
      name: 'kernel-imports-no-context',
      comment: 'The event store is the kernel every context stands on: it imports none of them.',
      severity: 'error',
      from: { path: '^services/event-store/' },
      to: { path: otherThan(['event-store']) },
    },
    {
      name: 'nothing-imports-the-host',
      comment: 'The host wires the contexts; no context imports it (the tests start it).',
      severity: 'error',
      from: { path: '^services/', pathNot: '^services/host/' },
      to: { path: '^services/host/' },
    },
    ...CONTEXTS.map((context) => ({
      name: `context-${context}-imports-only-its-allowed-ports`,
      comment: `${context} imports another context only through the ports listed in ALLOWED (${ALLOWED[context].join(', ') || 'none'}).`,
      severity: 'error',
      from: { path: `^services/${context}/` },
      to: { path: otherThan([context, 'event-store', ...ALLOWED[context]]) },
    })),
    {
      name: 'no-circular',
      comment:
        'No module depends on itself through others, within a package or across packages. A cycle closed by a ' +
        'type-only import (gone once compiled: the console\'s i18n resources naming the Messages type) is not one.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable-local-import',
      comment: 'A relative or @tpl import that resolves to nothing is a typo or a deleted file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^(\\.|@tpl/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.reports)/' },
    // type-only imports count: a context naming another's types depends on it as much
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
  },
};
