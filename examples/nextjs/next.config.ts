import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// `fe-elements` is this repository (an npm workspace link to ../..): the bundler's root must contain it.
const repo = fileURLToPath(new URL('../..', import.meta.url));

const config: NextConfig = {
  turbopack: { root: repo },
  outputFileTracingRoot: repo,
};

export default config;
