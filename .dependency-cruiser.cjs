/**
 * The package boundaries, checked by dependency-cruiser (`npx depcruise --config .dependency-cruiser.cjs
 * contracts/src workflows/src services web/src tests`, a check of `npm test`; ADR 0005).
 *
 * Floors: contracts and workflows (pure: the console imports them) < the kernel (event-store) <
 * identity (the guard and row scopes every context asks) < the document kit (documents: it
 * declares the ports it asks of the contexts and imports none of them but identity) < the business
 * contexts, siblings that never import each other except through the allowed ports below < the
 * host, which wires them and binds the ports. Every package is imported only through its index.
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

const fs = require('node:fs');
const path = require('node:path');

/**
 * The business contexts (services/<name>): siblings. Every folder of services/ but the kernel and
 * the host, so a new context is checked from its first file (importing no other context until
 * ALLOWED names one).
 */
const CONTEXTS = fs
  .readdirSync(path.join(__dirname, 'services'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !['event-store', 'host'].includes(e.name))
  .map((e) => e.name)
  .sort();

/**
 * The only imports one context makes of another (its index: an injection token and interface it
 * exports, or a published event's shape), with what each carries. Anything else is a violation;
 * a context not listed imports none.
 */
const ALLOWED = {
  // authentication and the authorization questions every context asks: AuthGuard, ButtonCheck, the
  // request's Meta, and the ports it declares (ACCESS_RULES, ROW_SCOPES, ACCOUNT_RECORDS)
  identity: [],
  // implements identity's ACCOUNT_RECORDS (user records), asks ROW_SCOPES and ButtonCheck; implements
  // the document kit's REFERENCE_CHECK and SERIAL_CODES (their types only: the host binds them)
  masterdata: ['identity', 'documents'],
  // implements identity's ACCESS_RULES and ROW_SCOPES; reads and seeds its rules through master
  // data's RECORDS port and registers its entities' hooks through ENTITY_HOOKS
  access: ['identity', 'masterdata'],
  // the document kit: ROW_SCOPES, owner scopes and the business day (identity). It imports no other
  // context: what it asks of them it declares itself (its ports.ts: REFERENCE_CHECK, SERIAL_CODES,
  // REVIEW_POLICY, REVIEW_REGISTRY), answered by master data and workflow and bound by the host
  documents: ['identity'],
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
  // approvals: the guard's decorators and the request's Meta; demo actors for the samples (identity);
  // implements the document kit's review ports REVIEW_POLICY and REVIEW_REGISTRY (their types only)
  workflow: ['identity', 'documents'],
  // ROW_SCOPES (identity); the approval figures through workflow's FLOW_INBOX
  report: ['identity', 'workflow'],
  // the appointment's decisions registered with the kit (DocumentDecisionsRegistry, DocumentService for
  // the bills a driver names), docks, inspection locations and notices through master data's MASTER_DATA
  // port, its demo records through RECORDS; demo actors (identity)
  gate: ['identity', 'documents', 'masterdata'],
  // secondary processing on the kit (its decisions registered with it, a BOM read by number through the
  // kit's DocumentService), material names through master data's MASTER_DATA port, the owner scope
  // (identity), and the stock ledger's front door STOCK_POSTING (warehouse: the facts to decide on, and the
  // pure functions that make its stock facts), never the warehouse's tables
  production: ['identity', 'documents', 'masterdata', 'warehouse'],
};

const otherThan = (names) => `^services/(?!(${names.join('|')})/)[^/]+/`;

/**
 * The contracts and the console, by floor (issue 29): the kernel (contracts: api/, validation/,
 * the entity and document engines, i18n/languages; the console: api/, auth/ (the session),
 * shell/, shared/ (the widgets no feature owns), i18n's runtime) < the kits (the console's
 * document and entity screens, features/documents and features/md) < the business contexts,
 * each one folder and a front door (contracts/src/<context>/, web/src/features/<context>/),
 * siblings < the composition (contracts: the registries, routes, messages, index; the console:
 * the app's root, contexts.ts, the layout, the shell's pages, the words' composition). Nothing
 * imports a floor above its own; a context imports no other context (beside the ports below).
 */
const CONTRACTS_CONTEXTS = ['auth', 'authz', 'masterdata', 'warehouse', 'transport', 'billing', 'flow', 'report', 'gate', 'production'];
/** The only imports one context of the contracts makes of another, with what each carries. */
const CONTRACTS_ALLOWED = {
  // the dashboard counts consignments by their states: transport's published state enum
  report: ['transport'],
};
const CONTRACTS_COMPOSITION =
  '^contracts/src/((index|light|contexts)\\.ts$|compose/|integration/|api/routes\\.ts$|(documents|entities)/(registry|index)\\.ts$|entities/routes\\.ts$|i18n/(messages|format)\\.ts$)';
const CONTRACTS_CONTEXT = `^contracts/src/(${CONTRACTS_CONTEXTS.join('|')})/`;
/** A spec may exercise the composed contracts (a document's rules through the registry). */
const SPEC = '\\.spec\\.tsx?$';

const WEB_KITS = '^web/src/features/(documents|md)/';
/** Every other folder of web/src/features but the shell's pages is a context's. */
const WEB_CONTEXT = '^web/src/features/(?!(?:documents|md|pages)/)([^/]+)/';
const WEB_APP = '^web/src/((App|main|router|signedInRoutes|contexts)\\.tsx?$|layout/|features/pages/|i18n/(messages\\.ts$|words/))';
const WEB_ABOVE_KERNEL = [WEB_KITS, WEB_CONTEXT, WEB_APP];

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
      comment: `${context} imports another context only through the ports listed in ALLOWED (${(ALLOWED[context] ?? []).join(', ') || 'none'}).`,
      severity: 'error',
      from: { path: `^services/${context}/` },
      to: { path: otherThan([context, 'event-store', ...(ALLOWED[context] ?? [])]) },
    })),
    {
      name: 'contracts-kernel-imports-no-context',
      comment:
        "The contracts' kernel (api/, validation/, the entity and document engines, i18n/languages) imports no context and " +
        'nothing composed over them (registries, routes, messages, index): a list it needs late is filled in (documents/known.ts).',
      severity: 'error',
      from: { path: '^contracts/src/', pathNot: [CONTRACTS_CONTEXT, CONTRACTS_COMPOSITION, SPEC] },
      to: { path: [CONTRACTS_CONTEXT, CONTRACTS_COMPOSITION] },
    },
    {
      name: 'contracts-context-imports-no-composition',
      comment: "A context of the contracts imports the kernel, never what is composed over the contexts (the registries, routes, messages, index).",
      severity: 'error',
      from: { path: CONTRACTS_CONTEXT, pathNot: SPEC },
      to: { path: CONTRACTS_COMPOSITION },
    },
    ...CONTRACTS_CONTEXTS.map((context) => ({
      name: `contracts-context-${context}-imports-no-sibling`,
      comment: `contracts/src/${context}/ imports another context's folder only as CONTRACTS_ALLOWED lists (${(CONTRACTS_ALLOWED[context] ?? []).join(', ') || 'none'}).`,
      severity: 'error',
      from: { path: `^contracts/src/${context}/`, pathNot: SPEC },
      to: { path: `^contracts/src/(?!(${[context, ...(CONTRACTS_ALLOWED[context] ?? [])].join('|')})/)(${CONTRACTS_CONTEXTS.join('|')})/` },
    })),
    {
      name: 'web-kernel-imports-no-kit-context-or-app',
      comment:
        "The console's kernel (api/, auth/'s session, shell/, shared/: the widgets no feature owns, i18n's runtime) imports no kit, no context and nothing of the app's root.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: [...WEB_ABOVE_KERNEL, '^web/src/i18n/index\\.ts$'] },
      to: { path: WEB_ABOVE_KERNEL },
    },
    {
      name: 'web-i18n-runtime-loads-only-the-words',
      comment:
        "i18n's runtime loads one language's finished words on demand (i18n/words/<lang>.ts, which the build replaces by the tree alone); it imports nothing else above the kernel.",
      severity: 'error',
      from: { path: '^web/src/i18n/index\\.ts$' },
      to: { path: WEB_ABOVE_KERNEL, pathNot: '^web/src/i18n/words/[a-z]+\\.ts$' },
    },
    {
      name: 'web-kit-imports-no-context',
      comment:
        "The console's kits (the document and entity screens) import no context and nothing of the app: what a context adds to them " +
        '(view extras, the review port, field widgets) it registers through its front door, composed at the root (web/src/contexts.ts).',
      severity: 'error',
      from: { path: WEB_KITS },
      to: { path: [WEB_CONTEXT, WEB_APP] },
    },
    {
      name: 'web-context-imports-no-sibling-or-app',
      comment: "A context of the console (web/src/features/<context>/) imports the kernel and the kits, never another context's folder nor the app's root.",
      severity: 'error',
      from: { path: WEB_CONTEXT },
      to: { path: [WEB_CONTEXT, WEB_APP], pathNot: '^web/src/features/$1/' },
    },
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
