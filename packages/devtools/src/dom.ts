/** An element of `tag` with `attributes` (a `false` or `undefined` one left out) and children. @internal */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined && value !== false)
      node.setAttribute(name, value === true ? '' : value);
  node.append(...children);
  return node;
}
