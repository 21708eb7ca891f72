package game

// LogicVersion numbers the rules of play. Any deliberate change that makes
// the same seed and commands play out differently must raise it and re-bless
// the golden corpus (testdata/replays/README.md), in the same commit:
// recordings made under another logic version are refused, not replayed.
// Version 7 added the retire command (a recording that holds one cannot be
// read by an older build, which then says so by its version). Version 13
// changed the state hash (each component store digested on its own), so
// every recorded hash changed though play did not. Version 14 flies a
// blast's fragments in shards (act.Blast): the same cells entered at the
// same instants and the same hits, but fewer entities and steps, so the
// order of the hits within an instant, and the hashes, changed. Version 15
// carries a shard's damage in its Shard rather than in a Damage of its
// own: play the same, hashes moved. Version 16 drops the Fragment mark:
// a fragment is what holds a Shard, one component fewer on each of the
// hundreds a cascade spawns and removes; play the same, hashes moved.
// Version 17 digests each store as a sum of one term per entry (its slot,
// entity and value), kept up to date by every write once a run is hashed:
// play the same, hashes moved. Version 18 puts a new road's enemies that
// start out of the van's sight to sleep as they are placed rather than at
// a first turn of their own, which numbers the schedule's tickets
// differently, digests a cell or a stat in one step, and sums the stores'
// shares of the world's digest rather than chaining them: play the same,
// hashes moved.
const LogicVersion = 18

// BotVersion numbers the autoplay bot's play (Bot and what it calls in ai).
// A change that makes the bot choose differently on some seed must raise
// it and re-bless the golden corpus, whose bot runs name the version they
// were played with; a change of rules raises LogicVersion instead.
const BotVersion = 2
