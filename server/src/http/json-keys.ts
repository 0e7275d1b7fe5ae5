/**
 * The first key that appears twice in one object of a JSON text, or null. JSON.parse keeps the
 * last of duplicates silently ({"id":1,"id":2} is id 2), so a body with one is refused instead.
 * The text has already parsed, so this walk only tracks strings, objects and arrays.
 */
export function duplicateKey(text: string): string | null {
  // One entry per open object (its keys so far) or array (null).
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') {
        end += text[end] === '\\' ? 2 : 1;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.has(key)) {
          return key;
        }
        top.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === '{') {
      stack.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      stack.push(null);
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
  return null;
}
