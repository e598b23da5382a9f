import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The boundary rules (.dependency-cruiser.cjs, run over the repository as a check of `npm test`)
 * catch what they name: dependency-cruiser with the repository's own configuration, over a tiny
 * tree laid out like the repository, passes the clean tree and fails (non-zero exit) once
 * violating imports are added, reporting each under its rule.
 */
const root = path.resolve(__dirname, '..', '..');
const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');

/** A repository in miniature: every import here is one the rules allow. */
const clean: Record<string, string> = {
  'contracts/src/index.ts': `export * from './entity';\n`,
  'contracts/src/entity.ts': `export const entityName = 'material';\n`,
  'workflows/src/index.ts': `import { entityName } from '@tpl/contracts';\nexport const machine = entityName;\n`,
  'services/event-store/src/index.ts': `import { entityName } from '@tpl/contracts';\nexport const EVENT_STORE = Symbol(entityName);\n`,
  'services/identity/src/index.ts': `export * from './row-scope';\n`,
  'services/identity/src/row-scope.ts': `import { EVENT_STORE } from '@tpl/event-store';\nexport const ROW_SCOPES = Symbol(String(EVENT_STORE));\n`,
  'services/masterdata/src/index.ts': `import { ROW_SCOPES } from '@tpl/identity';\nexport const RECORDS = ROW_SCOPES;\n`,
  // access reads its rules through master data's port: an allowed edge of the graph
  'services/access/src/index.ts': `import { RECORDS } from '@tpl/masterdata';\nexport const ACCESS = RECORDS;\n`,
  // the document kit stands on identity alone; the contexts it asks implement its ports (workflow: review)
  'services/documents/src/index.ts': `import { ROW_SCOPES } from '@tpl/identity';\nexport const KIT = ROW_SCOPES;\n`,
  'services/workflow/src/index.ts': `import type { KIT } from '@tpl/documents';\nexport const REVIEW: typeof KIT | undefined = undefined;\n`,
  'services/transport/src/index.ts': `import { KIT } from '@tpl/documents';\nexport const CONSIGNMENT = KIT;\n`,
  // the kit's test kit, outside its src/, and a spec that uses it
  'services/documents/test/index.ts': `import { KIT } from '../src/index';\nexport const documentSpec = () => KIT;\n`,
  'services/transport/src/consignment.spec.ts': `import { documentSpec } from '@tpl/documents/test';\nexport const spec = documentSpec();\n`,
  'services/report/src/index.ts': `import { ROW_SCOPES } from '@tpl/identity';\nexport const REPORT = ROW_SCOPES;\n`,
  'services/host/src/index.ts': `import { ACCESS } from '@tpl/access';\nimport { CONSIGNMENT } from '@tpl/transport';\nimport { REPORT } from '@tpl/report';\nexport const wired = [ACCESS, CONSIGNMENT, REPORT];\n`,
  'web/src/main.ts': `import { entityName } from '@tpl/contracts';\nimport { machine } from '@tpl/workflows';\nexport const screen = [entityName, machine];\n`,
  // the contracts and the console by floor: kernel < (console) kit < context < composition
  'contracts/src/warehouse/stock.ts': `import { entityName } from '../entity';\nexport const stock = entityName;\n`,
  'contracts/src/contexts.ts': `import { stock } from './warehouse/stock';\nexport const contexts = [stock];\n`,
  'web/src/shared/widget.ts': `export const widget = 'RefSelect';\n`,
  'web/src/features/documents/kit.ts': `import { widget } from '../../shared/widget';\nexport const kit = widget;\n`,
  'web/src/features/warehouse/index.ts': `import { kit } from '../documents/kit';\nimport { widget } from '../../shared/widget';\nexport const warehouse = [kit, widget];\n`,
  'web/src/contexts.ts': `import { warehouse } from './features/warehouse/index';\nexport const contexts = [warehouse];\n`,
  'tests/api/host.ts': `import { wired } from '@tpl/host';\nimport { screen } from '../../web/src/main';\nexport const all = [wired, screen];\n`,
};

/** One violation per rule: [file, its source, the rule it breaks (reported once per cycle: at its first file)]. */
const violations: [file: string, source: string, rule: string | undefined][] = [
  ['services/transport/src/deep.ts', `import { ROW_SCOPES } from '@tpl/identity/src/row-scope';\nexport const x = ROW_SCOPES;\n`, 'no-deep-import'],
  ['services/transport/src/gone.ts', `import { y } from '@tpl/identity/src/nowhere';\nexport const x = y;\n`, 'no-deep-import-unresolved'],
  ['services/report/src/relative.ts', `import { ROW_SCOPES } from '../../identity/src/index';\nexport const x = ROW_SCOPES;\n`, 'no-relative-path-out-of-package'],
  ['tests/api/relative.ts', `import { RECORDS } from '../../services/masterdata/src/index';\nexport const x = RECORDS;\n`, 'tests-reach-libraries-by-name'],
  ['contracts/src/server.ts', `import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n`, 'contracts-and-workflows-hold-no-server-code'],
  ['workflows/src/crypto.ts', `import { randomUUID } from 'node:crypto';\nexport const x = randomUUID;\n`, 'contracts-and-workflows-no-node-built-ins'],
  ['contracts/src/up.ts', `import { machine } from '@tpl/workflows';\nexport const x = machine;\n`, 'contracts-import-no-workflows'],
  ['web/src/server.ts', `import { RECORDS } from '@tpl/masterdata';\nexport const x = RECORDS;\n`, 'web-imports-only-contracts-and-workflows'],
  ['services/event-store/src/up.ts', `import { ROW_SCOPES } from '@tpl/identity';\nexport const x = ROW_SCOPES;\n`, 'kernel-imports-no-context'],
  ['services/report/src/host.ts', `import { wired } from '@tpl/host';\nexport const x = wired;\n`, 'nothing-imports-the-host'],
  // a sibling that is not among report's allowed ports (identity, workflow)
  ['services/report/src/sibling.ts', `import { RECORDS } from '@tpl/masterdata';\nexport const x = RECORDS;\n`, 'context-report-imports-only-its-allowed-ports'],
  // the document kit imports no context it asks: it declares its ports (REVIEW_POLICY...) and workflow implements them
  ['services/documents/src/up.ts', `import { REVIEW } from '@tpl/workflow';\nexport const x = REVIEW;\n`, 'context-documents-imports-only-its-allowed-ports'],
  // master data below access: the engine never imports the rights that plug into it
  ['services/masterdata/src/up.ts', `import { ACCESS } from '@tpl/access';\nexport const x = ACCESS;\n`, 'context-masterdata-imports-only-its-allowed-ports'],
  // the contracts' kernel reads no context, a context nothing composed over them, nor a sibling
  ['contracts/src/api/up.ts', `import { stock } from '../warehouse/stock';\nexport const x = stock;\n`, 'contracts-kernel-imports-no-context'],
  ['contracts/src/warehouse/up.ts', `import { contexts } from '../contexts';\nexport const x = contexts;\n`, 'contracts-context-imports-no-composition'],
  ['contracts/src/billing/sibling.ts', `import { stock } from '../warehouse/stock';\nexport const x = stock;\n`, 'contracts-context-billing-imports-no-sibling'],
  // the console: the shared widgets read no kit, the kits no context (they register), a context no sibling
  ['web/src/shared/up.ts', `import { kit } from '../features/documents/kit';\nexport const x = kit;\n`, 'web-kernel-imports-no-kit-context-or-app'],
  ['web/src/i18n/index.ts', `import { contexts } from '../contexts';\nexport const x = contexts;\n`, 'web-i18n-runtime-loads-only-the-words'],
  ['web/src/features/documents/up.ts', `import { warehouse } from '../warehouse/index';\nexport const x = warehouse;\n`, 'web-kit-imports-no-context'],
  ['web/src/features/billing/sibling.ts', `import { warehouse } from '../warehouse/index';\nexport const x = warehouse;\n`, 'web-context-imports-no-sibling-or-app'],
  ['services/documents/src/a.ts', `import { b } from './b';\nexport const a = () => b;\n`, 'no-circular'],
  ['services/documents/src/b.ts', `import { a } from './a';\nexport const b = () => a;\n`, undefined],
  // shipped code that takes the test kit along
  ['services/transport/src/shipped.ts', `import { documentSpec } from '@tpl/documents/test';\nexport const x = documentSpec;\n`, 'test-kit-only-in-specs'],
  ['services/documents/src/typo.ts', `import { c } from './missing';\nexport const x = c;\n`, 'no-unresolvable-local-import'],
];

type Result = { status: number | null; violations: { rule: string; from: string }[]; output: string };

const cruise = (files: Record<string, string>): Result => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-depcruise-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    // the same module resolution as the repository's check: @tpl/<name> by its source index
    fs.copyFileSync(path.join(root, 'tsconfig.depcruise.json'), path.join(dir, 'tsconfig.depcruise.json'));
    // and, as npm workspaces link them, @tpl/<name>/... through node_modules (a deep import resolves)
    fs.mkdirSync(path.join(dir, 'node_modules', '@tpl'), { recursive: true });
    fs.symlinkSync(path.join(dir, 'services', 'identity'), path.join(dir, 'node_modules', '@tpl', 'identity'), 'dir');
    // exactly as the check runs it (scripts/test.mjs): the error reporter, whose exit code counts the errors
    const r = spawnSync(process.execPath, [bin, '--config', config, 'contracts/src', 'workflows/src', 'services', 'web/src', 'tests'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    if (r.error) throw r.error;
    const output = r.stdout + r.stderr;
    // "  error <rule>: <from> → <to>"
    const violations = [...output.matchAll(/^\s*error (\S+): (\S+) →/gm)].map((m) => ({ rule: m[1]!, from: m[2]! }));
    return { status: r.status, violations, output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

describe('the dependency rules (.dependency-cruiser.cjs)', () => {
  it('pass a tree whose packages import each other only as the rules allow', () => {
    const r = cruise(clean);
    expect(r.violations).toEqual([]);
    expect(r.output).toMatch(/no dependency violations found/);
    expect(r.status).toBe(0);
  });

  it('fail (non-zero exit) on each violating import, reported under the rule it breaks', () => {
    const r = cruise({ ...clean, ...Object.fromEntries(violations.map(([file, source]) => [file, source])) });
    expect(r.status).not.toBe(0);
    for (const [file, , rule] of violations) if (rule) expect(r.violations).toContainEqual({ rule, from: file });
    // and nothing of the clean tree is reported
    expect(r.violations.filter((v) => v.from in clean)).toEqual([]);
  });
});
