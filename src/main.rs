use boardwright::cli::{self, Action, Cli};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
