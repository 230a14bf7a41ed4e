#!/usr/bin/env node
// Reports what the browser downloads from packages/web/dist, gzipped (level 9), and fails when the
// JavaScript exceeds the budget (300 KB gzipped; README of the web client).
// Usage: node packages/web/scripts/size.mjs [--budget-kb 300]
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const i = process.argv.indexOf('--budget-kb');
const budgetKb = i > 0 ? Number(process.argv[i + 1]) : 300;
let js = 0;
let css = 0;
for (const name of readdirSync(assets).sort()) {
  const raw = readFileSync(join(assets, name));
  const gz = gzipSync(raw, { level: 9 }).length;
  if (name.endsWith('.js')) js += gz;
  else if (name.endsWith('.css')) css += gz;
  else continue;
  console.log(`${name.padEnd(36)} ${(raw.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(gz / 1024).toFixed(1).padStart(7)} KB`);
}
console.log(`JavaScript gzipped: ${(js / 1024).toFixed(1)} KB (budget ${budgetKb} KB); CSS gzipped: ${(css / 1024).toFixed(1)} KB`);
if (js > budgetKb * 1024) {
  console.error(`over budget by ${((js - budgetKb * 1024) / 1024).toFixed(1)} KB`);
  process.exit(1);
}
