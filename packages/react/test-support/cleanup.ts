// Unmounts what each test rendered (vitest runs without globals, so
// @testing-library/react cannot register this itself).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
