// web/js holds the page's JavaScript tools (typescript, eslint) and tests,
// not Go. This file makes it a module of its own, so that `go test ./...`
// and `go vet ./...` from the root skip it and the Go files that npm
// packages bring into node_modules.
module idaviz/web/js

go 1.26
