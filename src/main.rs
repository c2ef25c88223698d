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
        Ok(Action::Gui(file)) => {
            let mut opts = boardwright::app::AppOptions::default();
            if let Some(path) = file {
                match boardwright::io::load_board(&path) {
                    Ok(loaded) => {
                        cli::print_notes(&loaded.notes);
                        opts.board = Some(loaded.board);
                        opts.notes = loaded.notes;
                        opts.path = Some(path);
                    }
                    Err(e) => {
                        let msg = e.to_string().replace(['\n', '\r'], " ");
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
        Err(f) => {
            // Always one line, even if a file name contains a line break.
            let msg = f.message.replace(['\n', '\r'], " ");
            eprintln!("boardwright: {msg}");
            ExitCode::from(f.code.max(1))
        }
    }
}
