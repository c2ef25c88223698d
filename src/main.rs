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
            // One line: clap's first line without its "error: " prefix.
            let text = e.to_string();
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            let first = first.trim().trim_start_matches("error:").trim();
            eprintln!("boardwright: {first} (see boardwright --help)");
            return ExitCode::from(2);
        }
    };
    match cli::run(cli) {
        Ok(Action::Done) => ExitCode::SUCCESS,
        Ok(Action::Gui(_file)) => {
            eprintln!("boardwright: the window is not built yet");
            ExitCode::FAILURE
        }
        Err(f) => {
            eprintln!("boardwright: {}", f.message);
            ExitCode::from(f.code.max(1))
        }
    }
}
