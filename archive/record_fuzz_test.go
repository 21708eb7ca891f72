package archive

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/game"
)

// fuzzMaxCommands bounds one fuzz input, so each run stays quick.
const fuzzMaxCommands = 400

// fuzzBot is the smallest input byte that means "the bot's move": inputs
// mix the bot's sensible play, which reaches camps and later deliveries,
// with arbitrary commands.
const fuzzBot = 0xe0

// fuzzResume is the input byte that means "save, load and continue": the
// game goes through its saved form and the recording gets a resume line.
const fuzzResume = fuzzBot - 1

// fuzzCommand decodes one input byte into a command.
func fuzzCommand(b byte) game.Command {
	n := int(b)
	rest := n / game.CommandKinds
	c := game.Command{Kind: game.CommandKind(n % game.CommandKinds), Dir: geom.Dirs[rest%4], Index: rest / 4}
	return c.Canonical()
}

// FuzzRecordReplay plays a seed with arbitrary commands while recording,
// with saves and continues among them, then ends the recording and replays
// it: it must parse, verify turn by turn and end on the same hash. The seed corpus in testdata/fuzz runs in every go test.
func FuzzRecordReplay(f *testing.F) {
	data := loadData(f)
	f.Add(uint64(1), bytes.Repeat([]byte{fuzzBot}, 120))
	f.Add(uint64(2), []byte{1, 1, 3, 5, 4, 17, 0, 2, 6, 11, 7, 8})
	f.Add(uint64(3), append(bytes.Repeat([]byte{fuzzBot}, 60), fuzzResume, fuzzResume, fuzzBot, 1, fuzzResume))
	f.Fuzz(func(t *testing.T, seed uint64, input []byte) {
		if len(input) > fuzzMaxCommands {
			input = input[:fuzzMaxCommands]
		}
		g := game.New(data, seed)
		var buf bytes.Buffer
		rec, err := NewRecorder(&buf, g)
		require.NoError(t, err)
		var bot game.Bot
		for _, b := range input {
			if b == fuzzResume {
				var err error
				g, err = saveAndContinue(data, g)
				require.NoError(t, err)
				require.NoError(t, rec.Resume(g.Hash()))
				continue
			}
			c := fuzzCommand(b)
			if b >= fuzzBot {
				c = bot.Next(g)
			}
			res, err := rec.Do(g, c)
			if errors.Is(err, game.ErrRunOver) {
				break
			}
			require.NoError(t, err, "seed %d: %s", seed, c)
			bot.Observe(c, res)
		}
		giveUpIfGoing(t, g, rec.Do)
		require.NoError(t, rec.End(g))
		parsed, err := ReadRecording("fuzz.rec", bytes.NewReader(buf.Bytes()))
		require.NoError(t, err, "seed %d", seed)
		v, err := Verify(data, parsed, nil)
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, rec.Turns(), v.Turns)
		assert.Equal(t, g.Hash(), v.Hash, "seed %d", seed)
	})
}

// FuzzReadRecording feeds the parser arbitrary text: it must never panic,
// and whatever it accepts must write back in the canonical form and read
// again to the same recording.
func FuzzReadRecording(f *testing.F) {
	f.Add([]byte(sampleRecording))
	f.Add([]byte("lastpost-recording 1\nlogic 1\nseed 3\nstart 0000000000000000\n1 mount west 3 0123456789abcdef refused\n"))
	f.Add([]byte("lastpost-recording 1\r\nlogic 9\r\nseed 3\r\n"))
	f.Fuzz(func(t *testing.T, input []byte) {
		rec, err := ReadRecording("fuzz.rec", bytes.NewReader(input))
		if err != nil {
			assert.IsType(t, &ParseError{}, err)
			return
		}
		var out bytes.Buffer
		_, err = rec.WriteTo(&out)
		require.NoError(t, err)
		again, err := ReadRecording("fuzz.rec", bytes.NewReader(out.Bytes()))
		require.NoError(t, err, "the canonical form of an accepted file must be accepted:\n%s", out.String())
		assert.Equal(t, rec, again)
	})
}
