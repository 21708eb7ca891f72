package main

import (
	"fmt"

	"lastpost/assets"
	userconfig "lastpost/assets/config"
)

// loadSettings reads the player's config file: the one -config names,
// which must exist, or else the one in the per-user config folder, if there
// is one. A file with a mistake in it is an error naming the file, the line
// and the key, so the game stops before it touches the terminal.
func loadSettings(file string, data *assets.Data) (*userconfig.Config, error) {
	path := file
	if path == "" {
		path = userconfig.DefaultPath()
	}
	c, err := userconfig.Load(path, data)
	if err != nil {
		return nil, err
	}
	if file != "" && !c.Found {
		return nil, fmt.Errorf("%s: no such file (-config needs a file that exists; an empty one will do)", file)
	}
	return &c, nil
}
