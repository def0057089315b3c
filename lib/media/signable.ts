/*
 * What may be signed. A storage path is later put into a URL, and URL parsers and the storage
 * server decode it: `{team A}/%2e%2e/{team B}/photo.jpg` is `{team B}/photo.jpg` by the time it is
 * signed, and `…/%2e%2e/%2e%2e/renders/…` is another bucket. So a path is judged as the characters
 * it is made of, never decoded: only what Supabase Storage accepts in an object key (letters,
 * digits and _ . / ! * ' ( ) & $ @ = ; : + , -), without `?` (a query string in a URL) and space;
 * no `%` at all, no backslash, no control character, nothing beyond ASCII; inside `folder`/ with no
 * empty, `.` or `..` segment. The database holds every stored path and `media:` reference to the
 * same rule (`private.storage_path_ok`, supabase/migrations/20261126000100_paths_decoded.sql).
 *
 * `signablePath` is the gate in front of every signature made with the service key (the share
 * page, the render worker, Lambda): it answers the path only when it lies in the owner's folder —
 * the video's team, or the visitor's `trials/{id}` — and the caller signs it in its own bucket.
 * Client-safe (no server imports).
 */

const KEY_CHARS = /^[A-Za-z0-9_./!*'()&$@=;:+,-]+$/
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/
const MAX_PATH = 1024

/** Whether `path` names a file inside `folder`/ by a clean key (the database's storage_path_ok). */
export function storagePathOk(path: string, folder: string): boolean {
  return (
    path.length <= MAX_PATH &&
    folder.length > 0 &&
    path.startsWith(`${folder}/`) &&
    path.length > folder.length + 1 &&
    KEY_CHARS.test(path) &&
    !DOT_SEGMENT.test(path) &&
    !path.includes('//')
  )
}

/** `path` when the service key may sign it for the owner of `folder`; null otherwise (or without a folder). */
export function signablePath(path: string | null | undefined, folder: string | null | undefined): string | null {
  return typeof path === 'string' && typeof folder === 'string' && storagePathOk(path, folder) ? path : null
}
