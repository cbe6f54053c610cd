package fold

// PageLimits are the limits of this package that the page's JavaScript
// folds a trace with for an exported replay (web/static's treefold.js,
// algofold.js and replaystate.js, this package's twins), by their Go names
// (DefaultTreeLimit as treeLimit):
// go generate in web/static writes them into shared.js, so that the twins
// hold the same limits without a copy of them.
func PageLimits() map[string]int {
	return map[string]int{
		"treeLimit":     DefaultTreeLimit,
		"maxKept":       maxKept,
		"keptFactor":    keptFactor,
		"heldFactor":    heldFactor,
		"maxViewDepth":  maxViewDepth,
		"noMove":        noMove,
		"maxOpenKept":   maxOpenKept,
		"maxSizePoints": maxSizePoints,
		"openBest":      openBest,
		"maxDenseAxis":  maxDenseAxis,
		"bigIteration":  bigIteration,
	}
}
