// @ts-check
// svg.js: SVG elements made with attributes, for the page's parts and the
// puzzles' renderers (render/*.js import it). It touches no document while
// it loads, so web/testdata/viewmoves_harness.mjs runs the renderers under
// node.

export const SVGNS = 'http://www.w3.org/2000/svg';

// svg makes an SVG element with attributes and, when given, a tooltip
// title, appended to parent.
/**
 * @param {string} tag
 * @param {Record<string, any>} attrs values are set as their strings
 * @param {Element | null} [parent]
 * @param {string} [title]
 * @returns {SVGElement}
 */
export function svg(tag, attrs, parent, title) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (title) {
    const t = document.createElementNS(SVGNS, 'title');
    t.textContent = title;
    e.appendChild(t);
  }
  if (parent) parent.appendChild(e);
  return e;
}
