package assets

const (
	campaignFile = "campaign.toml"
	displayFile  = "display.toml"
)

// Campaign holds money, the win condition and what a camp does, as read
// from campaign.toml.
type Campaign struct {
	StartBank       int  `toml:"start_bank"`
	PayBase         int  `toml:"pay_base"`       // paid for every finished delivery
	PayPerLetter    int  `toml:"pay_per_letter"` // paid per letter picked up on it
	DeliveriesToWin int  `toml:"deliveries_to_win"`
	HealAtCamp      bool `toml:"heal_at_camp"` // refill hit points at every camp
}

// LoadCampaign reads the embedded campaign.toml strictly and validates it.
func LoadCampaign() (Campaign, error) { return loadFile[Campaign](campaignFile) }

// Pay returns what a camp pays for a delivery on which letters letters were
// picked up.
func (c Campaign) Pay(letters int) int {
	return c.PayBase + c.PayPerLetter*letters
}

// Validate reports negative money and a game that cannot be won.
func (c Campaign) Validate() error {
	var p problems
	p.atLeast("start_bank", c.StartBank, 0)
	p.atLeast("pay_base", c.PayBase, 0)
	p.atLeast("pay_per_letter", c.PayPerLetter, 0)
	p.atLeast("deliveries_to_win", c.DeliveriesToWin, 1)
	return p.err()
}

// Display holds the least terminal size and the message log's size, as read
// from display.toml.
type Display struct {
	MinWidth   int `toml:"min_width"`
	MinHeight  int `toml:"min_height"`
	LogLines   int `toml:"log_lines"`   // recent messages under the map
	LogHistory int `toml:"log_history"` // messages kept for the full log
}

// LoadDisplay reads the embedded display.toml strictly and validates it.
func LoadDisplay() (Display, error) { return loadFile[Display](displayFile) }

// Validate reports a terminal size or log size that is not positive, and a
// history shorter than the lines shown.
func (d Display) Validate() error {
	var p problems
	p.atLeast("min_width", d.MinWidth, 1)
	p.atLeast("min_height", d.MinHeight, 1)
	p.atLeast("log_lines", d.LogLines, 1)
	p.atLeast("log_history", d.LogHistory, d.LogLines)
	return p.err()
}
