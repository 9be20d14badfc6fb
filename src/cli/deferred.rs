//! A subcommand's options built only when that subcommand runs.
//!
//! clap builds every subcommand's options before it parses anything, and our eight
//! subcommands have some 200 of them: that was a third of a whole `solve 8x8` process (0.25
//! of 0.9 ms past the exec). [`Deferred`] hands a subcommand's options to
//! [`clap::Command::defer`], which clap runs when the command line names that subcommand, and
//! for help. Completions and the manual page walk the whole tree, and clap lists the `help`
//! subcommand's own subcommands before it runs the deferred parts, so they ask for the whole
//! command at once ([`whole`]).

use std::sync::atomic::{AtomicBool, Ordering};

use clap::{ArgMatches, Args, Command, CommandFactory, FromArgMatches};

/// Set while [`whole`] builds a command: every part is then built at once.
static WHOLE: AtomicBool = AtomicBool::new(false);

/// `C`'s command with every subcommand's options built now, as completions and the manual
/// page need.
pub(crate) fn whole<C: CommandFactory>() -> Command {
    WHOLE.store(true, Ordering::Relaxed);
    let cmd = C::command();
    WHOLE.store(false, Ordering::Relaxed);
    cmd
}

/// A subcommand's arguments `T`, whose options clap builds only when they are needed.
#[derive(Debug)]
pub(crate) struct Deferred<T>(pub(crate) T);

impl<T: Args> Args for Deferred<T> {
    fn augment_args(cmd: Command) -> Command {
        if WHOLE.load(Ordering::Relaxed) {
            return T::augment_args(cmd);
        }
        cmd.defer(keeping_texts::<T, false>)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        if WHOLE.load(Ordering::Relaxed) {
            return T::augment_args_for_update(cmd);
        }
        cmd.defer(keeping_texts::<T, true>)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// Adds `T`'s options to `cmd`, keeping the subcommand's own texts: `T`'s doc comment would
/// otherwise replace them, as it now comes after the subcommand's attributes.
fn keeping_texts<T: Args, const UPDATE: bool>(cmd: Command) -> Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let mut cmd = if UPDATE {
        T::augment_args_for_update(cmd)
    } else {
        T::augment_args(cmd)
    };
    if let Some(text) = about {
        cmd = cmd.about(text);
    }
    if let Some(text) = long_about {
        cmd = cmd.long_about(text);
    }
    cmd
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::whole;
    use crate::cli::Cli;

    #[test]
    fn the_whole_command_is_well_formed() {
        whole::<Cli>().debug_assert();
    }

    /// Each subcommand's help, built when it runs, reads as the whole command's does: its own
    /// description kept, and every option there.
    #[test]
    fn deferred_help_is_the_whole_commands_help() {
        let help = |cmd: clap::Command, name: &str| match cmd.try_get_matches_from([
            "knight-tour",
            name,
            "--help",
        ]) {
            Err(e) => e.render().to_string(),
            Ok(_) => panic!("{name} --help parsed"),
        };
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        assert!(names.len() >= 8, "{names:?}");
        for name in names {
            let deferred = help(Cli::command(), &name);
            assert!(deferred.contains("Usage: knight-tour"), "{deferred}");
            assert_eq!(deferred, help(whole::<Cli>(), &name), "{name}");
        }
    }
}
