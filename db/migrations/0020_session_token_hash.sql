-- Session rows keep sha256(token) as lowercase hex, never the token (lib/auth/session-token-hash.ts).
-- Existing sessions are hashed in place, so nobody is signed out: the cookie still carries the raw token.
UPDATE "session" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
