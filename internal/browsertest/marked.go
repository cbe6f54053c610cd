package browsertest

// UnmarkedJS lists what a reader sees on the page, in words, that did not
// come from the catalogue: under the pseudo-locale every catalogued string
// is marked ⟦…⟧, so a visible text (a text node, or the selected option
// of a menu), a tooltip, an accessible name or a placeholder with a Latin
// letter outside the marks bypassed it. What is data (translate="no":
// puzzle and heuristic ids, states, moves, file names) is not words. The
// charts, drawn on a canvas, are read from their options: titles, axes'
// names and labels, series and legends. Each is listed with a CSS path to
// its element.
const UnmarkedJS = `(() => {
	const bare = (s) => {
		// Marks nest (a message inside another's placeholder): strip the innermost first.
		let t = String(s), was;
		do { was = t; t = t.replace(/⟦[^⟦⟧]*⟧/g, ''); } while (t !== was);
		return /[A-Za-z]/.test(t);
	};
	const path = (el) => {
		const parts = [];
		for (let e = el; e && e.nodeType === 1 && parts.length < 6; e = e.parentElement) {
			let p = e.localName;
			if (e.id) { parts.unshift(p + '#' + e.id); break; }
			const tid = e.getAttribute('data-testid');
			if (tid) p += '[data-testid=' + tid + ']';
			else if (e.classList.length) p += '.' + [...e.classList].join('.');
			parts.unshift(p);
		}
		return parts.join(' > ');
	};
	const data = (el) => !!el.closest('[translate=no]');
	const shown = (el) => {
		for (let e = el; e; e = e.parentElement) {
			if (e.hidden || e.localName === 'template') return false;
			if (e.localName === 'svg' || e.closest('svg')) break; // svg elements: their <svg> decides
		}
		const box = el.closest('svg') ? el.closest('svg').parentElement : el;
		return !!box && box.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && box.getClientRects().length > 0;
	};
	const bad = [];
	if (bare(document.title)) bad.push('title: ' + JSON.stringify(document.title));
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const el = n.parentElement;
		if (!el || ['script', 'style', 'textarea', 'option'].includes(el.localName)) continue;
		if (!bare(n.data) || data(el) || !shown(el)) continue;
		bad.push(path(el) + ': ' + JSON.stringify(n.data.trim().slice(0, 80)));
	}
	for (const s of document.querySelectorAll('select')) {
		const o = s.selectedOptions[0];
		if (o && bare(o.textContent) && !data(s) && !data(o) && shown(s)) bad.push(path(s) + ' (selected option): ' + JSON.stringify(o.textContent.trim().slice(0, 80)));
	}
	for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
		if (data(el) || !shown(el)) continue;
		for (const a of ['title', 'aria-label', 'placeholder']) {
			const v = el.getAttribute(a);
			if (v && bare(v)) bad.push(path(el) + ' [' + a + ']: ' + JSON.stringify(v.slice(0, 80)));
		}
	}
	// The charts draw on a canvas: their words are their options'. A run's
	// name there ("#1 manhattan ida": its number, heuristic and algorithm,
	// as the page's runs list them) is data, and a lone letter (the f
	// axis) is notation, not words.
	const runNames = new Set(((window.viz && window.viz.runs) || []).map((r) => '#' + r.id + ' ' + r.heuristic + ' ' + r.algorithm));
	const words = (v) => bare(v) && !runNames.has(v.trim()) && !/^[A-Za-z]$/.test(v.trim());
	for (const el of document.querySelectorAll('.chart')) {
		const c = shown(el) && !data(el) && window.viz && window.viz.page && window.viz.page.chart(el);
		if (!c) continue;
		const o = c.getOption(), texts = [];
		for (const x of o.title || []) texts.push(['title', x.text], ['subtitle', x.subtext]);
		for (const ax of [].concat(o.xAxis || [], o.yAxis || [])) {
			texts.push(['axis name', ax.name]);
			for (const d of ax.data || []) texts.push(['axis label', typeof d === 'object' && d ? d.value : d]);
		}
		for (const x of o.series || []) texts.push(['series', x.name]);
		for (const l of o.legend || []) for (const d of l.data || []) texts.push(['legend', typeof d === 'object' && d ? d.name : d]);
		for (const [what, v] of texts) if (typeof v === 'string' && words(v)) bad.push(path(el) + ' (chart ' + what + '): ' + JSON.stringify(v.slice(0, 80)));
	}
	return [...new Set(bad)];
})()`
