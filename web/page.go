package web

// PageLimits are the limits of this package that the page checks before
// it sends (the Problem tab's script), by their Go names: go generate in
// web/static writes them into shared.js.
func PageLimits() map[string]int {
	return map[string]int{"maxSource": maxSource}
}
