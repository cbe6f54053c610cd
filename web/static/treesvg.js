// @ts-check
// treesvg.js: the tree panel's picture saved as an SVG file of its own.
import { $, showError, SVGNS, colour, downloadText } from './page.js';
import * as contract from './contract.js';
import { t } from './i18n.js';

// The kinds of node (tree.go's statuses), each a class and a colour.
const kinds = ['path', 'expanded', 'pruned', 'solution', 'open'];

// save saves the tree as drawn (w by h, tree.js's view), whole, with its
// colours inline.
/** @param {number} w @param {number} h */
function save(w, h) {
  const s = $('tree').querySelector('svg');
  if (!s) { showError(t('run.tree.nothing-to-save')); return; }
  const c = /** @type {SVGSVGElement} */ (s.cloneNode(true));
  c.setAttribute('xmlns', SVGNS);
  c.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
  c.setAttribute('width', String(w));
  c.setAttribute('height', String(h));
  const style = document.createElementNS(SVGNS, 'style');
  style.textContent = 'text{font-family:system-ui,sans-serif}' + kinds.map((k) => '.' + k + '{fill:' + colour('--node-' + k) + '}').join('') +
    '.chosen circle{stroke:' + colour('--node-chosen') + ';stroke-width:4}';
  c.insertBefore(style, c.firstChild);
  const bg = document.createElementNS(SVGNS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', colour('--panel'));
  c.insertBefore(bg, style.nextSibling);
  const e = contract.current().event;
  downloadText('<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(c), 'tree-event-' + e + '.svg', 'image/svg+xml');
}

export { save };
