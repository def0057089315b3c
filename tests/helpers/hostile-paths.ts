// Issue 24 item 1: what a stored storage path or `media:` reference may never be, written as the
// part after the owner's folder (`${folder}/${suffix}`). The first group climbs out as written; the
// rest climb out (or could) only once something decodes or normalises them: a URL parser (`%2e%2e`,
// `.%2e`, a tab or newline it drops, `?`/`#` ending the path), the storage server (`%2f`, `%5c`,
// double encoding, `%00`), Unicode look-alikes (fullwidth dot and solidus, one-dot leader, NBSP).
// The database refuses every one (private.storage_path_ok) and so does the signing guard
// (lib/media/signable.ts).

export const CLIMBS_AS_WRITTEN = ['../other/x.jpg', 'a/../../x.jpg', './x.jpg', 'a//x.jpg', 'a\\..\\x.jpg', 'x.jpg\u0001', '']

export const CLIMBS_ONCE_DECODED = [
  '%2e%2e/x.jpg',
  '%2E%2E/x.jpg',
  '%2e%2E/x.jpg',
  '.%2e/x.jpg',
  '%2e./x.jpg',
  '%2e/x.jpg',
  'a/%2e%2e/%2e%2e/renders/x.mp4',
  '%252e%252e/x.jpg',
  '%25252e%25252e/x.jpg',
  '..%2fx.jpg',
  '..%2Fx.jpg',
  '%2e%2e%2fx.jpg',
  'a%2f..%2f..%2fx.jpg',
  '%5c../x.jpg',
  '..%5cx.jpg',
  'a%5C..%5Cx.jpg',
  'x.jpg%',
  'x.jpg%2',
  'x%zz.jpg',
  'x%00.jpg',
  'x.jpg%00',
  'x%0a.jpg',
  '%u002e%u002e/x.jpg',
  '\uff0e\uff0e/x.jpg',
  'a\uff0f..\uff0fx.jpg',
  '\u2024\u2024/x.jpg',
  'x\u00a0.jpg',
  'x\u200b.jpg',
  'x.jpg?/../../y.jpg',
  'x.jpg#/../y.jpg',
  '.. /x.jpg',
  ' ../x.jpg',
  'a/\t../x.jpg',
  'a\n/../x.jpg',
]

export const HOSTILE_SUFFIXES = [...CLIMBS_AS_WRITTEN, ...CLIMBS_ONCE_DECODED]

/** Names Storage accepts that change nothing when decoded: still allowed. */
export const FINE_SUFFIXES = ['a/b-c_d.e.jpg', 'x+y.jpg', "o'neil(1).jpg", 'a,b;c=d&e$f@g!h*i:j.jpg', 'a/.../x.jpg']
