package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// Content names the play data a game is made with: a digest of everything
// that decides how a seed plays (the van, guns, enemies, combat, shop,
// campaign and level tables, as decoded, so comments and layout do not
// count) and the extra files loaded beside the shipped ones. Recordings and
// saves carry it, so a run made with other content is refused by name
// instead of desyncing. Keys, colours, display settings and texts are not
// in it: they change what a player sees, not what a seed does.
type Content struct {
	// Digest is 16 lower-case hex digits.
	Digest string
	// Extra are the base names of the extra files, in load order.
	Extra []string
}

// String words the content for messages: its digest, and the extra files
// when there are some.
func (c Content) String() string {
	if len(c.Extra) == 0 {
		return fmt.Sprintf("%s (the shipped data)", c.Digest)
	}
	return fmt.Sprintf("%s (the shipped data and %s)", c.Digest, strings.Join(c.Extra, ", "))
}

// playData is the part of Data the content digest covers.
type playData struct {
	Van      Van
	Guns     Guns
	Enemies  Enemies
	Combat   Combat
	Shop     Shop
	Campaign Campaign
	LevelGen LevelGen
}

// content works out d's Content, extra being the paths of the extra files
// loaded.
func (d *Data) content(extra []string) (Content, error) {
	b, err := json.Marshal(playData{Van: d.Van, Guns: d.Guns, Enemies: d.Enemies, Combat: d.Combat,
		Shop: d.Shop, Campaign: d.Campaign, LevelGen: d.LevelGen})
	if err != nil {
		return Content{}, fmt.Errorf("assets: the content digest: %w", err)
	}
	sum := sha256.Sum256(b)
	c := Content{Digest: hex.EncodeToString(sum[:8])}
	for _, path := range extra {
		c.Extra = append(c.Extra, filepath.Base(path))
	}
	return c, nil
}
