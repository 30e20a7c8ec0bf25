import type { NextConfig } from 'next';

const config: NextConfig = {
  poweredByHeader: false,
  // `tsc --noEmit` (the typecheck task) checks the types; the build does not do it twice.
  typescript: { ignoreBuildErrors: true },
};

export default config;
