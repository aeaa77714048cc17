//! Single-key decisions the toplevel asks for: what to do after an answer, after Ctrl-C, and at
//! a debugger port. On a terminal one key is read in raw mode (no Enter needed); otherwise a
//! line is read and its first character counts, so scripts and tests can drive the toplevel.
//!
//! This module reads keys and prints only its own help texts; it must never run Prolog.

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use std::io::{BufRead, IsTerminal, Write};

/// A key (or a line's first character) as the toplevel sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter.
    Enter,
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-D, or the end of the input.
    Eof,
}

/// Whether standard input is a terminal, so keys can be read one by one.
pub fn interactive() -> bool {
    std::io::stdin().is_terminal()
}

/// Read one key: raw mode on a terminal, else the first character of a line.
pub fn read_key() -> Key {
    if interactive() {
        if let Some(k) = read_raw_key() {
            return k;
        }
    }
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => Key::Eof,
        Ok(_) => match line.trim().chars().next() {
            Some(c) => Key::Char(c),
            None => Key::Enter,
        },
    }
}

/// One key press in raw mode, or `None` if the terminal refuses raw mode.
fn read_raw_key() -> Option<Key> {
    let _ = std::io::stdout().flush();
    terminal::enable_raw_mode().ok()?;
    let key = loop {
        match event::read() {
            Ok(Event::Key(KeyEvent {
                code,
                modifiers,
                kind: KeyEventKind::Press,
                ..
            })) => {
                let ctrl = modifiers.contains(KeyModifiers::CONTROL);
                match code {
                    KeyCode::Char('c') if ctrl => break Key::Interrupt,
                    KeyCode::Char('d') if ctrl => break Key::Eof,
                    // A return typed before raw mode was on reaches us as the newline the
                    // terminal made of it, which raw mode reads as Ctrl-J: it is still Enter.
                    KeyCode::Char('j') if ctrl => break Key::Enter,
                    KeyCode::Char(c) => break Key::Char(c),
                    KeyCode::Enter => break Key::Enter,
                    KeyCode::Tab => break Key::Char('\t'),
                    KeyCode::Esc => break Key::Char('.'),
                    _ => continue,
                }
            }
            Ok(_) => continue,
            Err(_) => break Key::Eof,
        }
    };
    let _ = terminal::disable_raw_mode();
    Some(key)
}

/// What the user wants after an answer that may have more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerAction {
    /// Show the next answer.
    Next,
    /// Stop here.
    Stop,
    /// Show all remaining answers without asking.
    All,
    /// Write answers whole from now on.
    Write,
    /// Write answers with depth-limited printing from now on.
    Print,
    /// Show the help text.
    Help,
    /// The key means nothing here.
    Unknown(char),
}

/// Map a key to an answer action.
pub fn answer_action(k: Key) -> AnswerAction {
    match k {
        Key::Char(';' | ' ' | 'n' | 'r' | '\t') => AnswerAction::Next,
        Key::Char('.' | 'c') | Key::Enter | Key::Eof | Key::Interrupt => AnswerAction::Stop,
        Key::Char('a') => AnswerAction::All,
        Key::Char('w') => AnswerAction::Write,
        Key::Char('p') => AnswerAction::Print,
        Key::Char('h' | '?') => AnswerAction::Help,
        Key::Char(c) => AnswerAction::Unknown(c),
    }
}

/// Help shown for `h` after an answer.
pub const ANSWER_HELP: &str = "\
Actions:
  ;  n  r  space  tab   next answer        .  c  Enter   stop
  a                     all answers        h  ?          this help
  w                     write terms whole  p             depth-limited printing
";

/// What the user wants after interrupting a running query with Ctrl-C.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterruptAction {
    /// Abort the query and go back to the prompt.
    Abort,
    /// Go on running.
    Continue,
    /// Go on, tracing.
    Trace,
    /// Leave ply.
    Exit,
    /// Show the help text.
    Help,
}

/// Map a key to an interrupt action (anything unknown shows the help).
pub fn interrupt_action(k: Key) -> InterruptAction {
    match k {
        Key::Char('a') | Key::Interrupt => InterruptAction::Abort,
        Key::Char('c') | Key::Enter | Key::Char(' ') => InterruptAction::Continue,
        Key::Char('t') => InterruptAction::Trace,
        Key::Char('e') | Key::Eof => InterruptAction::Exit,
        _ => InterruptAction::Help,
    }
}

/// Help shown after Ctrl-C.
pub const INTERRUPT_HELP: &str = "\
Options:
  a  abort          c  continue
  t  trace          e  exit ply
  h  this help
";

/// What the user wants at a debugger port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortAction {
    /// Go on to the next port.
    Creep,
    /// Run the goal without showing its inside.
    Skip,
    /// Run until a spy point.
    Leap,
    /// Start the goal again from its Call port.
    Retry,
    /// Make the goal fail.
    Fail,
    /// Abort the query.
    Abort,
    /// Stop debugging and run on.
    NoDebug,
    /// Show goals in full from now on (`write`).
    Write,
    /// Show goals abbreviated from now on (`print`, the default).
    Print,
    /// Show the help text.
    Help,
}

/// Map a key to a port action (anything unknown shows the help).
pub fn port_action(k: Key) -> PortAction {
    match k {
        Key::Char('c' | ' ') | Key::Enter => PortAction::Creep,
        Key::Char('s') => PortAction::Skip,
        Key::Char('l') => PortAction::Leap,
        Key::Char('r') => PortAction::Retry,
        Key::Char('f') => PortAction::Fail,
        Key::Char('a') | Key::Interrupt | Key::Eof => PortAction::Abort,
        Key::Char('n') => PortAction::NoDebug,
        Key::Char('w') => PortAction::Write,
        Key::Char('p') => PortAction::Print,
        _ => PortAction::Help,
    }
}

/// Help shown at a debugger port.
pub const PORT_HELP: &str = "\
Options:
  c  Enter  space   creep (next port)      s   skip (run the goal unseen)
  l                 leap (to a spy point)  r   retry (back to the Call port)
  f                 fail the goal          a   abort the query
  n                 no debug               h   this help
  w                 write goals in full    p   print goals abbreviated (depth 10)
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_keys() {
        assert_eq!(answer_action(Key::Char(';')), AnswerAction::Next);
        assert_eq!(answer_action(Key::Char(' ')), AnswerAction::Next);
        assert_eq!(answer_action(Key::Enter), AnswerAction::Stop);
        assert_eq!(answer_action(Key::Char('a')), AnswerAction::All);
        assert_eq!(answer_action(Key::Char('x')), AnswerAction::Unknown('x'));
    }
}
