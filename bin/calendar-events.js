#!/usr/bin/env node
// Thin launcher: registers tsx so the TypeScript sources run directly after `npm ci` (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
