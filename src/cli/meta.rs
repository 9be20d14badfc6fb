//! `knight-tour completions SHELL` and `knight-tour man`: what users expect of a Rust CLI.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use clap_complete::Shell;

use super::deferred::whole;
use super::output::print_bytes;
use super::{Cli, Error};

/// Shells with completion scripts.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ShellArg {
    /// Bash: `knight-tour completions bash > /etc/bash_completion.d/knight-tour`.
    Bash,
    /// Zsh: write to a folder on `$fpath` as `_knight-tour`.
    Zsh,
    /// Fish: `knight-tour completions fish > ~/.config/fish/completions/knight-tour.fish`.
    Fish,
    /// PowerShell: dot-source the output from your profile.
    Powershell,
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: ShellArg,
}

/// Prints the completion script for a shell.
pub fn completions(args: CompletionsArgs) -> Result<ExitCode, Error> {
    let shell = match args.shell {
        ShellArg::Bash => Shell::Bash,
        ShellArg::Zsh => Shell::Zsh,
        ShellArg::Fish => Shell::Fish,
        ShellArg::Powershell => Shell::PowerShell,
    };
    let mut bytes = Vec::new();
    clap_complete::generate(shell, &mut whole::<Cli>(), "knight-tour", &mut bytes);
    print_bytes(&bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the man page (roff): `knight-tour man > knight-tour.1`.
pub fn man() -> Result<ExitCode, Error> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(whole::<Cli>()).render(&mut bytes)?;
    print_bytes(&bytes)?;
    Ok(ExitCode::SUCCESS)
}
