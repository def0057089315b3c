/**
 * Control characters that have no business in anything a person types: NUL (which Postgres text
 * cannot store at all: error 22021) and the other C0 controls except tab, line feed and carriage
 * return, plus DEL.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const CONTROL_CHARACTERS_G = new RegExp(CONTROL_CHARACTERS.source, 'g')

export const CONTROL_CHARACTER_MESSAGE = 'Remove the invisible control characters (such as a NUL byte) from this field.'

/** For forgiving inputs (a search box): drops the control characters. */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS_G, '')
}

/**
 * The path ("scenes.2.caption") of the first string anywhere in `value` (objects, arrays, nested)
 * that holds a control character, or null. Object keys count too. Walks at most `limit` nodes.
 */
export function findControlCharacter(value: unknown, limit = 100_000): string | null {
  const stack: [unknown, string][] = [[value, '']]
  let seen = 0
  while (stack.length) {
    const [node, path] = stack.pop()!
    if (++seen > limit) return null
    if (typeof node === 'string') {
      if (CONTROL_CHARACTERS.test(node)) return path || 'form'
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], path ? `${path}.${i}` : String(i)])
    } else if (node && typeof node === 'object' && !(node instanceof Blob) && !(node instanceof Date)) {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key
        if (CONTROL_CHARACTERS.test(key)) return path || 'form'
        stack.push([child, childPath])
      }
    }
  }
  return null
}
