use boardwright::cli::{self, Action, Cli};
use clap::Parser;
use clap::error::ErrorKind;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                e.exit();
            }
            // One line: clap's message (without its "error: " prefix, usage and
            // hints) joined up.
            let text = e.to_string();
            let parts: Vec<&str> = text
                .lines()
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .map(|l| l.trim())
                .filter(|l| !l.is_empty())
                .collect();
            let msg = parts.join(" ");
            let msg = msg.trim_start_matches("error:").trim();
            eprintln!("boardwright: {msg} (see boardwright --help)");
            return ExitCode::from(2);
        }
    };
    match cli::run(cli) {
        Ok(Action::Done) => ExitCode::SUCCESS,
        Ok(Action::Gui(file)) => open_window(file),
        Err(f) => {
            // Always one line, even if a file name contains a line break.
            let msg = f.message.replace(['\n', '\r'], " ");
            eprintln!("boardwright: {msg}");
            ExitCode::from(f.code.max(1))
        }
    }
}

/// Open the window, optionally with a board or saved game.
#[cfg(feature = "gui")]
fn open_window(file: Option<std::path::PathBuf>) -> ExitCode {
    boardwright::app::heap::keep_freed_memory();
    let mut opts = boardwright::app::AppOptions::default();
    if let Some(path) = file {
        // The same code path as File → Open: boards (.ron, .obj) and saved
        // games (.ron records, .sgf).
        let progress = cli::progress::Progress::start(format!("opening {}", path.display()));
        let opened = boardwright::app::files::open_path(&path);
        drop(progress);
        opts.opened = Some(path.clone());
        match opened {
            Ok(boardwright::app::files::Opened::Board { board, notes }) => {
                cli::print_notes(&notes);
                opts.board = Some(*board);
                opts.notes = notes;
                // Imports have no RON file yet: Save asks where to put one.
                opts.path = boardwright::app::files::save_path_for(&path);
            }
            Ok(boardwright::app::files::Opened::Game(game, notes)) => {
                cli::print_notes(&notes);
                opts.notes = notes;
                opts.board = Some(game.board().as_ref().clone());
                opts.game = Some(game);
            }
            Err(e) => {
                let msg = e.replace(['\n', '\r'], " ");
                eprintln!("boardwright: {msg}");
                return ExitCode::FAILURE;
            }
        }
    }
    match boardwright::app::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boardwright: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

/// This build has no window: say so and how to get one.
#[cfg(not(feature = "gui"))]
fn open_window(_file: Option<std::path::PathBuf>) -> ExitCode {
    eprintln!(
        "boardwright: this build has no window (built without the `gui` feature); use a subcommand (see boardwright --help) or rebuild with default features"
    );
    ExitCode::FAILURE
}
