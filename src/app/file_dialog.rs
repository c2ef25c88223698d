//! The native file dialogs behind one seam: every "pick a file" of the app is a
//! [`FileQuestion`] answered by a [`FileChooser`] — `rfd`'s native dialog in the
//! window, a function that returns a fixed path in the UI tests (which cannot
//! click a native dialog).

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Whether the user picks an existing file or names one to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    Save,
}

/// What a file dialog asks.
#[derive(Clone, Debug, PartialEq)]
pub struct FileQuestion {
    pub purpose: Purpose,
    pub title: String,
    /// (name, extensions) of each filter, the first one selected.
    pub filters: Vec<(String, Vec<String>)>,
    /// The suggested file name (save dialogs).
    pub file_name: Option<String>,
}

impl FileQuestion {
    pub fn open(title: impl Into<String>) -> FileQuestion {
        FileQuestion {
            purpose: Purpose::Open,
            title: title.into(),
            filters: Vec::new(),
            file_name: None,
        }
    }

    pub fn save(title: impl Into<String>, file_name: impl Into<String>) -> FileQuestion {
        FileQuestion {
            purpose: Purpose::Save,
            title: title.into(),
            filters: Vec::new(),
            file_name: Some(file_name.into()),
        }
    }

    /// Add a filter: its name and the extensions it shows.
    pub fn filter(mut self, name: &str, extensions: &[&str]) -> FileQuestion {
        self.filters.push((
            name.to_string(),
            extensions.iter().map(|e| e.to_string()).collect(),
        ));
        self
    }
}

type Answer = dyn Fn(&FileQuestion) -> Option<PathBuf> + Send + Sync;

/// Answers [`FileQuestion`]s: the platform's file dialog, or (in tests) a function.
#[derive(Clone)]
pub struct FileChooser(Arc<Answer>);

impl FileChooser {
    /// The platform's native file dialog.
    pub fn native() -> FileChooser {
        FileChooser(Arc::new(|q: &FileQuestion| {
            let mut d = rfd::FileDialog::new().set_title(&q.title);
            for (name, exts) in &q.filters {
                d = d.add_filter(name, exts);
            }
            if let Some(n) = &q.file_name {
                d = d.set_file_name(n);
            }
            match q.purpose {
                Purpose::Open => d.pick_file(),
                Purpose::Save => d.save_file(),
            }
        }))
    }

    /// Answer every question with `answer` (for tests and scripted runs).
    pub fn new(
        answer: impl Fn(&FileQuestion) -> Option<PathBuf> + Send + Sync + 'static,
    ) -> FileChooser {
        FileChooser(Arc::new(answer))
    }

    /// Ask; `None` when the user cancelled.
    pub fn choose(&self, q: &FileQuestion) -> Option<PathBuf> {
        (self.0)(q)
    }
}

impl Default for FileChooser {
    fn default() -> Self {
        FileChooser::native()
    }
}

impl fmt::Debug for FileChooser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FileChooser")
    }
}
