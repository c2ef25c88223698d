//! Progress on the terminal for long command-line work: a spinner with the
//! current step and the elapsed time (a bar when the amount of work is known),
//! on standard error — only when standard error is a terminal, so what goes to
//! pipes and files stays exactly as it was. Cleared when the work is done.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A progress line on standard error, or nothing when it is not a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A spinner showing `message` until the next step or the end.
    pub fn start(message: impl Into<String>) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                    .expect("a valid template"),
            );
            bar.set_message(message.into());
            bar.enable_steady_tick(Duration::from_millis(100));
            bar
        });
        Progress { bar }
    }

    /// A bar over `len` units of work (games, depths, …), with `message`.
    pub fn counting(len: u64, message: impl Into<String>) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(len);
            bar.set_style(
                ProgressStyle::with_template(
                    "{msg} [{bar:30}] {pos}/{len} ({elapsed}, {eta} left)",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_message(message.into());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar }
    }

    /// Whether anything is shown (standard error is a terminal).
    pub fn visible(&self) -> bool {
        self.bar.is_some()
    }

    /// Show `message` as the current step.
    pub fn step(&self, message: impl Into<String>) {
        if let Some(b) = &self.bar {
            b.set_message(message.into());
        }
    }

    /// One more unit of work done (a bar from [`Progress::counting`]).
    pub fn advance(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    /// Set the work done of a bar from [`Progress::counting`].
    pub fn set_position(&self, pos: u64) {
        if let Some(b) = &self.bar {
            b.set_position(pos);
        }
    }

    /// Change the amount of work of a bar from [`Progress::counting`].
    pub fn set_length(&self, len: u64) {
        if let Some(b) = &self.bar {
            b.set_length(len);
        }
    }

    /// Print a line on standard error without garbling the progress line.
    pub fn note(&self, line: &str) {
        match &self.bar {
            Some(b) => b.println(line),
            None => eprintln!("{line}"),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
