module idaviz

go 1.26.8

require (
	github.com/go-echarts/go-echarts/v2 v2.6.7 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
)
