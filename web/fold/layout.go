package fold

import "github.com/go-echarts/go-echarts/v2/charts"

// ChartLayout is the layout and manner of the page's charts (no animation,
// the title above, the tooltip on the axis, room for a legend of
// legendLines lines below, 0 for none), for a chart drawn outside the fold
// that must look like its neighbours: the Problem tab's check.
func ChartLayout(titleText string, legendLines int) []charts.GlobalOpts {
	return []charts.GlobalOpts{noAnimation(), title(titleText), legend(legendLines > 0), tooltip(), grid(legendLines)}
}

// GeneratedColour is the colour of generated nodes in the charts, for a
// chart drawn outside the fold (StatusColour has the tree's statuses).
func GeneratedColour() string { return colGenerated }
