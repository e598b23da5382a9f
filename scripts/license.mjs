#!/usr/bin/env node
// Licences for the console (POST /api/bl-auth/importLicense/{license}): an Ed25519 key pair and
// signed licences, `<base64url(JSON payload)>.<base64url(signature)>`. The public key goes to the
// server in LICENSE_PUBLIC_KEYS (or LICENSE_PUBLIC_KEYS_FILE); keep the private key offline.
//
//   node scripts/license.mjs keygen [dir]
//   node scripts/license.mjs sign --key dir/license-private.pem --licensee "Harbor Logistics" \
//        --edition enterprise --expires 2027-12-31 [--issued 2026-11-23] [--id L-0001] \
//        [--limit tenants=20] [--limit users=500]
import { createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const [command, ...rest] = process.argv.slice(2);
const usage = () => {
  console.error('usage: license.mjs keygen [dir] | sign --key <private.pem> --licensee <name> --edition <edition> --expires <yyyy-MM-dd> [--issued <yyyy-MM-dd>] [--id <id>] [--limit name=n]...');
  process.exit(2);
};

const options = (args) => {
  const out = { limit: [] };
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '');
    const value = args[i + 1];
    if (!name || value === undefined) usage();
    if (name === 'limit') out.limit.push(value);
    else out[name] = value;
  }
  return out;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

if (command === 'keygen') {
  const dir = path.resolve(rest[0] ?? '.');
  fs.mkdirSync(dir, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const privateFile = path.join(dir, 'license-private.pem');
  const publicFile = path.join(dir, 'license-public.pem');
  fs.writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  fs.writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
  console.log(`private key: ${privateFile} (keep it offline)`);
  console.log(`public key:  ${publicFile}`);
  console.log(`server:      LICENSE_PUBLIC_KEYS=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`);
} else if (command === 'sign') {
  const o = options(rest);
  if (!o.key || !o.licensee || !o.edition || !o.expires) usage();
  const issued = o.issued ?? new Date().toISOString().slice(0, 10);
  if (!DAY.test(o.expires) || !DAY.test(issued) || o.expires < issued) {
    console.error('issued and expires are days (yyyy-MM-dd), expires not before issued');
    process.exit(2);
  }
  const limits = Object.fromEntries(
    o.limit.map((l) => {
      const [name, n] = l.split('=');
      if (!name || !/^-?\d+$/.test(n ?? '')) usage();
      return [name, Number(n)];
    }),
  );
  const payload = { id: o.id ?? `L-${randomUUID().slice(0, 8)}`, licensee: o.licensee, edition: o.edition, issued, expires: o.expires, limits };
  const key = createPrivateKey(fs.readFileSync(o.key));
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  console.log(`${body}.${sign(null, Buffer.from(body, 'ascii'), key).toString('base64url')}`);
} else {
  usage();
}
