//! A game in progress: rules + position + history, with undo/redo to any ply,
//! repetition draws and resignation.

use super::{Evidence, IllegalMove, Outcome, Player, Repetition, Rules};

/// Repetition bookkeeping for one recorded ply.
#[derive(Clone, Debug)]
struct Seen<K> {
    key: K,
    /// How often this position has occurred on the line up to this ply (1: first time).
    count: u32,
    /// The ply of its first occurrence.
    first: usize,
}

/// The state of one game: every position from the start, the moves between them,
/// and a cursor (the current ply). Moves after the cursor are the redo list.
#[derive(Clone, Debug)]
pub struct GameState<R: Rules> {
    rules: R,
    /// `positions[k]` is the position after `k` moves; `positions.len() == moves.len() + 1`.
    positions: Vec<R::Position>,
    moves: Vec<R::Move>,
    notation: Vec<String>,
    /// Per recorded ply, only when the rules have a repetition rule (empty otherwise).
    seen: Vec<Seen<R::Key>>,
    ply: usize,
    /// A resignation at the end of the recorded moves: (ply, player who resigned).
    resigned: Option<(usize, Player)>,
}

impl<R: Rules> GameState<R> {
    /// A new game from the rules' start position.
    pub fn new(rules: R) -> Self {
        let start = rules.start();
        let seen = match rules.repetition() {
            Some(_) => vec![Seen {
                key: rules.position_key(&start),
                count: 1,
                first: 0,
            }],
            None => Vec::new(),
        };
        GameState {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            notation: Vec::new(),
            seen,
            ply: 0,
            resigned: None,
        }
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The current position.
    pub fn position(&self) -> &R::Position {
        &self.positions[self.ply]
    }
    /// The position after `ply` moves (any recorded ply, including the redo list).
    pub fn position_at(&self, ply: usize) -> Option<&R::Position> {
        self.positions.get(ply)
    }
    /// Number of moves played up to the cursor.
    pub fn ply(&self) -> usize {
        self.ply
    }
    /// Number of recorded moves (cursor plus redo list).
    pub fn recorded_len(&self) -> usize {
        self.moves.len()
    }
    /// Moves played up to the cursor.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves[..self.ply]
    }
    /// All recorded moves (including the redo list).
    pub fn recorded_moves(&self) -> &[R::Move] {
        &self.moves
    }
    /// Notation of the moves played up to the cursor.
    pub fn history(&self) -> &[String] {
        &self.notation[..self.ply]
    }
    /// Notation of all recorded moves.
    pub fn recorded_history(&self) -> &[String] {
        &self.notation
    }
    /// The player to move now, `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        if self.outcome().is_some() {
            None
        } else {
            Some(self.rules.to_move(self.position()))
        }
    }
    /// Who resigned, if the game ended by resignation at the current ply.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
            .filter(|&(k, _)| k == self.ply)
            .map(|(_, p)| p)
    }

    /// The outcome at the current ply: resignation, the rules' outcome, or a draw
    /// by repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.ply)
    }

    /// The outcome after `ply` moves.
    pub fn outcome_at(&self, ply: usize) -> Option<Outcome> {
        let pos = self.positions.get(ply)?;
        if let Some((k, p)) = self.resigned
            && k == ply
        {
            return Some(Outcome {
                winner: Some(1 - p),
                reason: format!("{} resigned", R::PLAYER_NAMES[p as usize]),
                evidence: Evidence::default(),
            });
        }
        if let Some(o) = self.rules.outcome(pos) {
            return Some(o);
        }
        self.repetition_at(ply)
    }

    /// A draw by the rules' repetition rule at `ply`: the position (pieces and
    /// player to move, [`Rules::position_key`]) occurs there for the second (or
    /// third) time on this line of play.
    fn repetition_at(&self, ply: usize) -> Option<Outcome> {
        let rule = self.rules.repetition()?;
        let seen = self.seen.get(ply)?;
        if seen.count < rule.occurrences() {
            return None;
        }
        let first = seen.first;
        let reason = match rule {
            Repetition::Second => format!(
                "draw by repetition: the position after ply {first} occurred again with the same player to move"
            ),
            Repetition::Third => format!(
                "draw by repetition: the position after ply {first} occurred for the third time with the same player to move"
            ),
        };
        Some(Outcome {
            winner: None,
            reason,
            evidence: Evidence::default(),
        })
    }

    /// Whether `m` may be played now, and if not why.
    pub fn check(&self, m: R::Move) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome() {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        self.rules.check(self.position(), m)
    }

    pub fn is_legal(&self, m: R::Move) -> bool {
        self.check(m).is_ok()
    }

    /// Every legal move now (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<R::Move> {
        let mut out = Vec::new();
        if self.outcome().is_none() {
            self.rules.legal_moves(self.position(), &mut out);
        }
        out
    }

    /// Play `m`; on error nothing changes. Moves after the cursor are discarded
    /// unless `m` is the next of them, in which case the redo list is kept.
    pub fn play(&mut self, m: R::Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        if self.ply < self.moves.len() && self.moves[self.ply] == m {
            self.ply += 1;
            return Ok(());
        }
        let mut next = self.position().clone();
        let text = self.rules.format_move(self.position(), m);
        self.rules.apply(&mut next, m);
        self.truncate_future();
        if self.rules.repetition().is_some() {
            let key = self.rules.position_key(&next);
            let mut earlier = self.seen.iter().enumerate().filter(|(_, s)| s.key == key);
            let (count, first) = match earlier.next() {
                Some((first, _)) => (2 + earlier.count() as u32, first),
                None => (1, self.ply + 1),
            };
            self.seen.push(Seen { key, count, first });
        }
        self.positions.push(next);
        self.moves.push(m);
        self.notation.push(text);
        self.ply += 1;
        Ok(())
    }

    /// Parse and play a move in notation.
    pub fn play_str(&mut self, text: &str) -> Result<R::Move, IllegalMove> {
        let m = self.rules.parse_move(self.position(), text)?;
        self.play(m)?;
        Ok(m)
    }

    fn truncate_future(&mut self) {
        self.positions.truncate(self.ply + 1);
        self.seen.truncate(self.ply + 1);
        self.moves.truncate(self.ply);
        self.notation.truncate(self.ply);
        if matches!(self.resigned, Some((k, _)) if k != self.ply) {
            self.resigned = None;
        }
    }

    /// `player` resigns at the current ply; the redo list is discarded.
    pub fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        if player > 1 {
            return Err(IllegalMove::new(format!("there is no player {player}")));
        }
        if let Some(o) = self.outcome() {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        self.truncate_future();
        self.resigned = Some((self.ply, player));
        Ok(())
    }

    /// Step back one action: withdraw a resignation, or undo one move.
    /// Returns false at the start.
    pub fn undo(&mut self) -> bool {
        if self.resigned.is_some_and(|(k, _)| k == self.ply) {
            self.resigned = None;
            return true;
        }
        if self.ply == 0 {
            return false;
        }
        self.ply -= 1;
        true
    }

    /// Replay the next recorded move. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        if self.ply >= self.moves.len() {
            return false;
        }
        self.ply += 1;
        true
    }

    /// Move the cursor to any recorded ply (0 = start).
    pub fn goto(&mut self, ply: usize) -> Result<(), IllegalMove> {
        if ply > self.moves.len() {
            return Err(IllegalMove::new(format!(
                "ply {ply} is beyond the {} recorded moves",
                self.moves.len()
            )));
        }
        self.ply = ply;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::mesh::FaceId;
    use crate::rules::{GameOptions, MoveFaces, UnsuitableBoard};
    use std::sync::Arc;

    /// A token on a line of 5 squares; the players alternately move it one step
    /// left or right; reaching square 4 wins for the mover. Positions repeat.
    #[derive(Clone)]
    struct Shuttle(Repetition);

    #[derive(Clone, Debug, PartialEq)]
    struct Pos {
        at: u8,
        to_move: Player,
        won: Option<Player>,
    }

    impl Rules for Shuttle {
        type Move = i8;
        type Position = Pos;
        type Key = (u8, Player);
        const NAME: &'static str = "shuttle";
        const TITLE: &'static str = "Shuttle";
        const PLAYER_NAMES: [&'static str; 2] = ["Left", "Right"];
        fn on_board(_: Arc<Board>, _: &GameOptions) -> Result<Shuttle, UnsuitableBoard> {
            Ok(Shuttle(Repetition::Second))
        }
        fn move_faces(&self, p: &Pos, m: i8) -> MoveFaces {
            let to = FaceId((p.at as i8 + m) as u32);
            MoveFaces::step(FaceId(p.at as u32), to)
        }
        fn start(&self) -> Pos {
            Pos {
                at: 1,
                to_move: 0,
                won: None,
            }
        }
        fn to_move(&self, p: &Pos) -> Player {
            p.to_move
        }
        fn legal_moves(&self, p: &Pos, out: &mut Vec<i8>) {
            out.clear();
            if p.won.is_none() {
                out.extend([-1i8, 1].into_iter().filter(|&d| self.check(p, d).is_ok()));
            }
        }
        fn check(&self, p: &Pos, m: i8) -> Result<(), IllegalMove> {
            let to = p.at as i8 + m;
            if p.won.is_some() {
                Err(IllegalMove::new("over"))
            } else if m.abs() != 1 || !(0..=4).contains(&to) {
                Err(IllegalMove::new("off the line"))
            } else {
                Ok(())
            }
        }
        fn apply(&self, p: &mut Pos, m: i8) {
            p.at = (p.at as i8 + m) as u8;
            if p.at == 4 {
                p.won = Some(p.to_move);
            }
            p.to_move = 1 - p.to_move;
        }
        fn outcome(&self, p: &Pos) -> Option<Outcome> {
            p.won.map(|w| Outcome {
                winner: Some(w),
                reason: "reached the end".into(),
                evidence: Evidence::default(),
            })
        }
        fn outcome_from_scratch(&self, p: &Pos) -> Option<Outcome> {
            self.outcome(p)
        }
        fn format_move(&self, _: &Pos, m: i8) -> String {
            if m < 0 { "l".into() } else { "r".into() }
        }
        fn parse_move(&self, _: &Pos, t: &str) -> Result<i8, IllegalMove> {
            match t {
                "l" => Ok(-1),
                "r" => Ok(1),
                _ => Err(IllegalMove::new("not a move")),
            }
        }
        fn piece_at(&self, p: &Pos, f: FaceId) -> Option<Player> {
            (f.0 == p.at as u32).then_some(0)
        }
        fn position_key(&self, p: &Pos) -> (u8, Player) {
            (p.at, p.to_move)
        }
        fn repetition(&self) -> Option<Repetition> {
            Some(self.0)
        }
    }

    #[test]
    fn repetition_with_the_same_player_to_move_is_a_draw() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("l").unwrap();
        // Square 1 again, but the first time Left was to move; now Left again: draw.
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, None);
        assert!(
            o.reason
                .starts_with("draw by repetition: the position after ply 0")
        );
        assert_eq!(g.to_move(), None);
        assert!(g.legal_moves().is_empty());
        assert!(
            g.play_str("r")
                .unwrap_err()
                .reason
                .starts_with("the game is over: draw by repetition")
        );
        // Undo lifts the draw; a different line avoids it.
        assert!(g.undo());
        assert!(g.outcome().is_none());
        g.play_str("r").unwrap();
        assert!(g.outcome().is_none());
    }

    #[test]
    fn with_the_tournament_rule_only_the_third_occurrence_draws() {
        let mut g = GameState::new(Shuttle(Repetition::Third));
        for m in ["r", "l"] {
            g.play_str(m).unwrap();
        }
        assert!(g.outcome().is_none(), "second occurrence: play on");
        g.play_str("r").unwrap();
        assert!(
            g.outcome().is_none(),
            "square 2 with Right to move: second time"
        );
        g.play_str("l").unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, None);
        assert_eq!(
            o.reason,
            "draw by repetition: the position after ply 0 occurred for the third time with the same player to move"
        );
        // Taking back and branching forgets the abandoned line's occurrences.
        g.goto(1).unwrap();
        g.play_str("r").unwrap();
        g.play_str("l").unwrap();
        g.play_str("l").unwrap();
        assert_eq!(g.recorded_len(), 4);
        assert!(
            g.outcome().is_none(),
            "square 1 with Left to move: only the second time on this line"
        );
    }

    #[test]
    fn errors_leave_the_state_unchanged_and_redo_is_kept_for_the_same_move() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        assert_eq!(g.play_str("x").unwrap_err().reason, "not a move");
        assert_eq!(g.ply(), 2);
        g.goto(0).unwrap();
        g.play_str("r").unwrap();
        assert_eq!(g.recorded_len(), 2, "same move as the redo list: kept");
        g.play(-1).unwrap();
        assert_eq!(g.recorded_len(), 2);
        assert_eq!(g.recorded_history(), ["r", "l"]);
        assert!(!g.redo());
    }

    #[test]
    fn resignation_ends_the_game_and_can_be_undone() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        g.goto(1).unwrap();
        g.resign(1).unwrap();
        assert_eq!(g.recorded_len(), 1, "resigning discards the redo list");
        let o = g.outcome().unwrap();
        assert_eq!((o.winner, o.reason.as_str()), (Some(0), "Right resigned"));
        assert!(g.resign(0).is_err());
        assert!(g.undo());
        assert!(g.outcome().is_none());
        assert_eq!(g.ply(), 1);
        // Winning by the rules.
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        assert_eq!(g.outcome().unwrap().winner, Some(0));
        assert!(g.resign(1).is_err());
    }
}
