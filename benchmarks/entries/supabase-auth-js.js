// @supabase/auth-js: the auth client.
export { AuthClient } from '@supabase/auth-js';
