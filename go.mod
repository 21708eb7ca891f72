module lastpost

go 1.26

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/anaseto/gruid v0.22.0
	github.com/gdamore/tcell/v2 v2.13.10
	github.com/mlange-42/ark v0.8.1
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/gdamore/encoding v1.0.1 // indirect
	github.com/lucasb-eyer/go-colorful v1.3.0 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sys v0.38.0 // indirect
	golang.org/x/term v0.37.0 // indirect
	golang.org/x/text v0.31.0 // indirect
)
