#!/usr/bin/env node
/**
 * `fe-emulator`: the identity API emulator for development and a host's CI (`npx fe-emulator --help`).
 * Registers tsx (an emulator dependency) in this process and runs the TypeScript entry, src/main.ts, so
 * signals, exit codes and output are the entry's own. Flags: src/cli.ts; documentation: emulator/README.md.
 */
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
