// Whether keys go to a text field (the commands' key handler leaves them to it).

const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'];

/** A text field: keys go to it (a checkbox, a radio button or a button is not one). */
export function isTextField(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && !NOT_TEXT.includes(element.type ?? 'text');
}
