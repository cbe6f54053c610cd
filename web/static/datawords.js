// @ts-check
// datawords.js: the words of the data the server sends (/api/puzzles: the
// built-in puzzles' names, titles, help and presets' names; /api/examples:
// the Problem tab's examples' titles) in the page's language. The
// catalogue's area page-data holds them by the puzzle's, the preset's or
// the example's name; what it does not know (a puzzle a student
// registered) shows as the server wrote it. The names sent back to the
// server (puzzle ids, preset states) are the data's own, never these.
import { t, has } from './i18n.js';

/**
 * or is message id, when the catalogue has it, else the server's English.
 * @param {string} id
 * @param {string} english
 * @param {Record<string, unknown>} [args]
 */
function or(id, english, args) { return has(id) ? t(id, args) : english; }

/**
 * puzzleShort is a puzzle's name in a menu: the catalogue's, else its
 * title up to its first parenthesis or colon.
 * @param {{name: string, title?: string}} p
 */
export function puzzleShort(p) { return or('data.puzzle.' + p.name + '.short', (p.title || p.name).split(/ \(|: /)[0]); }

/**
 * puzzleTitle is a puzzle's full title.
 * @param {{name: string, title?: string}} p
 */
export function puzzleTitle(p) { return or('data.puzzle.' + p.name + '.title', p.title || p.name); }

/**
 * puzzleHelp is a puzzle's help ('' when it has none).
 * @param {{name: string, help?: string}} p
 */
export function puzzleHelp(p) { return p.help ? or('data.puzzle.' + p.name + '.help', p.help) : ''; }

// korf names one of Korf's 100 instances of the 15-puzzle, numbered.
const korf = /^Korf #(\d+)$/;

/**
 * presetName is a preset's name.
 * @param {string} name
 */
export function presetName(name) {
  const k = korf.exec(name);
  return k ? t('data.preset.korf', { Number: k[1] }) : or('data.preset.' + name, name);
}

/**
 * exampleTitle is a Problem tab's example's title.
 * @param {{name: string, title: string}} e
 */
export function exampleTitle(e) { return or('data.example.' + e.name + '.title', e.title); }
