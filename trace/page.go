package trace

// PageLimits are the limits of this package that the page's JavaScript
// reads a binary trace and folds its statistics with (web/static's
// tracefile.js and builder.js), by their Go names: go generate in
// web/static writes them into shared.js, so that the page holds a trace to
// this package's limits without a copy of them.
func PageLimits() map[string]int {
	return map[string]int{
		"histLimit":      histLimit,
		"keptIterations": keptIterations,
		"keptCells":      keptCells,
		"maxPayload":     maxPayload,
		"maxList":        maxList,
	}
}

// Magic is the header that opens a binary trace (the page checks it too).
func Magic() string { return magic }
