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
        // games. A file that cannot be opened is reported here and in the
        // window, which opens without it.
        let progress = cli::progress::Progress::start(format!("opening {}", path.display()));
        opts = boardwright::app::AppOptions::for_file(&path);
        drop(progress);
        match &opts.error {
            Some(e) => eprintln!("boardwright: {e}"),
            None => cli::print_notes(&opts.notes),
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
