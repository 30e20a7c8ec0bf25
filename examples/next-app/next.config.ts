import type { NextConfig } from 'next';

const config: NextConfig = {
  // The workspace packages are built already (ESM + CJS); nothing to transpile.
  poweredByHeader: false,
};

export default config;
