//! Every "pick a file" of the app behind one seam: a [`FileQuestion`] answered by
//! a [`FileChooser`] — `rfd`'s native dialog in the window, a function in the UI
//! tests (which cannot click a native dialog).
//!
//! On Linux and the BSDs `rfd` shows the desktop's file chooser through the xdg
//! desktop portal (D-Bus) or, failing that, `zenity`; with neither it returns
//! nothing, exactly as if the user had cancelled. [`native_available`] checks for
//! both first, and when neither is there the chooser answers
//! [`Answer::Unavailable`]: the app then shows its own dialog ([`InAppPicker`])
//! instead of failing silently. (`egui_file`, the egui file-dialog crate that
//! supports egui 0.37, draws emoji our fonts lack; `egui-file-dialog` 0.15 needs
//! egui 0.36.)

use super::command::Command;
pub use super::command::FileAction;
use eframe::egui;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

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
    /// The folder to start in, if there is a sensible one (the board's folder).
    pub folder: Option<PathBuf>,
}

impl FileQuestion {
    pub fn open(title: impl Into<String>) -> FileQuestion {
        FileQuestion {
            purpose: Purpose::Open,
            title: title.into(),
            filters: Vec::new(),
            file_name: None,
            folder: None,
        }
    }

    pub fn save(title: impl Into<String>, file_name: impl Into<String>) -> FileQuestion {
        FileQuestion {
            purpose: Purpose::Save,
            title: title.into(),
            filters: Vec::new(),
            file_name: Some(file_name.into()),
            folder: None,
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

    /// Start in `folder` (ignored when it is not an existing folder).
    pub fn in_folder(mut self, folder: Option<&Path>) -> FileQuestion {
        self.folder = folder.filter(|f| f.is_dir()).map(Path::to_path_buf);
        self
    }

    /// Every extension any filter shows (lower case), each once, in the order
    /// the filters first name them.
    pub fn extensions(&self) -> Vec<String> {
        let mut all: Vec<String> = Vec::new();
        for x in self.filters.iter().flat_map(|(_, e)| e.iter()) {
            let x = x.to_ascii_lowercase();
            if !all.contains(&x) {
                all.push(x);
            }
        }
        all
    }

    /// Whether a file name fits the filters (no filters: any name).
    pub fn accepts(&self, path: &Path) -> bool {
        let exts = self.extensions();
        exts.is_empty()
            || path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.iter().any(|x| x.eq_ignore_ascii_case(e)))
    }
}

/// How a [`FileQuestion`] was answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Picked(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown (no desktop file chooser): ask in the window.
    Unavailable,
}

type AnswerFn = dyn Fn(&FileQuestion) -> Answer + Send + Sync;

/// Answers [`FileQuestion`]s: the platform's file dialog, or (in tests) a function.
#[derive(Clone)]
pub struct FileChooser(Arc<AnswerFn>);

impl FileChooser {
    /// The platform's native file dialog, or [`Answer::Unavailable`] when the
    /// desktop has none (see [`native_available`]).
    pub fn native() -> FileChooser {
        start_probe();
        FileChooser(Arc::new(|q: &FileQuestion| {
            if !native_available() {
                return Answer::Unavailable;
            }
            let mut d = rfd::FileDialog::new().set_title(&q.title);
            for (name, exts) in &q.filters {
                d = d.add_filter(name, exts);
            }
            if let Some(n) = &q.file_name {
                d = d.set_file_name(n);
            }
            if let Some(f) = &q.folder {
                d = d.set_directory(f);
            }
            let picked = match q.purpose {
                Purpose::Open => d.pick_file(),
                Purpose::Save => d.save_file(),
            };
            picked.map_or(Answer::Cancelled, Answer::Picked)
        }))
    }

    /// Answer every question with `answer` (`None`: the user cancelled); for tests
    /// and scripted runs.
    pub fn new(
        answer: impl Fn(&FileQuestion) -> Option<PathBuf> + Send + Sync + 'static,
    ) -> FileChooser {
        FileChooser(Arc::new(move |q: &FileQuestion| {
            answer(q).map_or(Answer::Cancelled, Answer::Picked)
        }))
    }

    /// A desktop without any file dialog: every question goes to the in-app dialog.
    pub fn unavailable() -> FileChooser {
        FileChooser(Arc::new(|_: &FileQuestion| Answer::Unavailable))
    }

    /// Ask.
    pub fn choose(&self, q: &FileQuestion) -> Answer {
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

/// The result of looking for a desktop file chooser (computed once per run).
static PROBE: OnceLock<Arc<OnceLock<bool>>> = OnceLock::new();

/// Start looking for a desktop file chooser in the background (D-Bus can be slow
/// to answer), so that the first file dialog does not wait for it.
fn start_probe() -> Arc<OnceLock<bool>> {
    PROBE
        .get_or_init(|| {
            let slot = Arc::new(OnceLock::new());
            let s = slot.clone();
            let spawned = std::thread::Builder::new()
                .name("file-dialog-probe".into())
                .spawn(move || {
                    let _ = s.set(probe_native());
                });
            if spawned.is_err() {
                let _ = slot.set(probe_native());
            }
            slot
        })
        .clone()
}

/// Whether the native file dialog can be shown. Waits up to 3 s for the
/// background check; a desktop that has not answered by then gets the in-app
/// dialog, which works everywhere.
pub fn native_available() -> bool {
    let slot = start_probe();
    let start = Instant::now();
    loop {
        if let Some(&known) = slot.get() {
            return known;
        }
        if start.elapsed() > Duration::from_secs(3) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// What `rfd` needs on this platform.
#[cfg(all(unix, not(target_os = "macos")))]
fn probe_native() -> bool {
    on_path("zenity") || portal_file_chooser()
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn probe_native() -> bool {
    true
}

/// Whether an executable `name` is on the `PATH`.
#[cfg(all(unix, not(target_os = "macos")))]
fn on_path(name: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        std::fs::metadata(dir.join(name))
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// Whether the session bus has the xdg desktop portal with its FileChooser
/// interface (what `rfd` calls first).
#[cfg(all(unix, not(target_os = "macos")))]
fn portal_file_chooser() -> bool {
    zbus::block_on(async {
        let conn = zbus::Connection::session().await.ok()?;
        let proxy = zbus::Proxy::new(
            &conn,
            "org.freedesktop.portal.Desktop",
            "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.FileChooser",
        )
        .await
        .ok()?;
        proxy.get_property::<u32>("version").await.ok()
    })
    .is_some()
}

/// The app's own file dialog, for desktops without a native one: the folder, its
/// listing (folders first; click a folder to enter it, a file to take its name),
/// a file-name field that also takes a whole path (Enter confirms), and a
/// confirmation before an existing file is replaced.
pub struct InAppPicker {
    question: FileQuestion,
    action: FileAction,
    /// The folder shown.
    folder: PathBuf,
    /// What the name field holds.
    name: String,
    /// The folder's entries: (name, is a folder), folders first.
    listing: Vec<(String, bool)>,
    /// A save that waits for "Replace the existing file?".
    confirm: Option<PathBuf>,
    /// Why the last choice was not taken (shown in the dialog).
    problem: Option<String>,
    /// The last click on the listing entered a folder: the second click of a
    /// double click lands on the new folder's listing, which the user has not
    /// seen yet, so it is ignored.
    entered_by_click: bool,
}

impl fmt::Debug for InAppPicker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InAppPicker")
            .field("question", &self.question)
            .field("action", &self.action)
            .field("folder", &self.folder)
            .field("name", &self.name)
            .field("confirm", &self.confirm)
            .finish()
    }
}

/// What the in-app dialog decided this frame.
pub enum PickerOutcome {
    /// Still open.
    Open(Box<InAppPicker>),
    /// Closed: the command to carry out (`None`: cancelled).
    Closed(Option<Command>),
}

impl InAppPicker {
    /// Whether it asks where to save the board or the game (a Cancel then
    /// says "Not saved", as the native dialog's does).
    pub fn saves_work(&self) -> bool {
        self.action.saves_work()
    }

    pub fn new(question: FileQuestion, action: FileAction) -> InAppPicker {
        let folder = question
            .folder
            .clone()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let name = question.file_name.clone().unwrap_or_default();
        let mut p = InAppPicker {
            question,
            action,
            folder: PathBuf::new(),
            name,
            listing: Vec::new(),
            confirm: None,
            problem: None,
            entered_by_click: false,
        };
        p.enter(folder);
        p
    }

    /// The question it answers.
    pub fn question(&self) -> &FileQuestion {
        &self.question
    }

    /// Show `folder` (an unreadable folder is said, and shows empty).
    fn enter(&mut self, folder: PathBuf) {
        self.listing.clear();
        match std::fs::read_dir(&folder) {
            Ok(entries) => {
                for e in entries.flatten() {
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    let dir = e.path().is_dir();
                    if dir || self.question.accepts(&e.path()) {
                        self.listing.push((name, dir));
                    }
                }
                self.listing.sort_by(|a, b| {
                    b.1.cmp(&a.1)
                        .then_with(|| a.0.to_lowercase().cmp(&b.0.to_lowercase()))
                });
                self.problem = None;
            }
            Err(e) => self.problem = Some(format!("cannot list {}: {e}", folder.display())),
        }
        self.folder = folder;
    }

    /// Draw it. Esc cancels (the replace question first, then the dialog).
    pub fn show(mut self: Box<Self>, ctx: &egui::Context) -> PickerOutcome {
        if let Some(path) = self.confirm.clone() {
            return self.confirm_ui(ctx, path);
        }
        let mut choose = false;
        let mut cancel = false;
        let mut go_to = None;
        let r = egui::Modal::new(egui::Id::unique("in_app_file_dialog")).show(ctx, |ui| {
            ui.set_width(520.0);
            ui.heading(&self.question.title);
            ui.horizontal(|ui| {
                let up = self.folder.parent().map(Path::to_path_buf);
                if ui
                    .add_enabled(up.is_some(), egui::Button::new("Up"))
                    .on_hover_text("The folder above")
                    .clicked()
                {
                    go_to = up;
                }
                ui.add(egui::Label::new(self.folder.display().to_string()).truncate());
            });
            egui::Frame::group(ui.style()).show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("in_app_file_dialog_list")
                    .max_height(260.0)
                    .min_scrolled_height(260.0)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if self.listing.is_empty() {
                            ui.weak("(no folders or matching files here)");
                        }
                        // The second (or third) click of a double click that
                        // entered a folder lands on that folder's listing: the
                        // user meant the folder, not the row under the pointer.
                        let repeat = ui.input(|i| {
                            i.pointer
                                .button_double_clicked(egui::PointerButton::Primary)
                                || i.pointer
                                    .button_triple_clicked(egui::PointerButton::Primary)
                        });
                        for (name, dir) in &self.listing {
                            let text = if *dir {
                                format!("{name}/")
                            } else {
                                name.clone()
                            };
                            let r = ui.selectable_label(!*dir && *name == self.name, text);
                            if !r.clicked() {
                                continue;
                            }
                            if repeat && self.entered_by_click {
                                continue;
                            }
                            self.entered_by_click = *dir;
                            if *dir {
                                go_to = Some(self.folder.join(name));
                            } else {
                                self.name = name.clone();
                                choose |= r.double_clicked();
                            }
                        }
                    });
            });
            let exts = self.question.extensions();
            if !exts.is_empty() {
                ui.weak(format!(
                    "Shows: {}",
                    exts.iter()
                        .map(|e| format!(".{e}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
            ui.horizontal(|ui| {
                let l = ui.label("File name");
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.name).desired_width(360.0))
                    .labelled_by(l.id)
                    .on_hover_text("A name in this folder, or a whole path");
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    choose = true;
                }
            });
            if let Some(p) = &self.problem {
                ui.colored_label(ui.visuals().error_fg_color, p);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let ok = match self.question.purpose {
                    Purpose::Open => "Open",
                    Purpose::Save => "Save",
                };
                if ui
                    .add_enabled(!self.name.trim().is_empty(), egui::Button::new(ok))
                    .clicked()
                {
                    choose = true;
                }
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
            });
        });
        if let Some(f) = go_to {
            self.enter(f);
        }
        if cancel || (!choose && r.should_close()) {
            consume_escape(ctx);
            return PickerOutcome::Closed(None);
        }
        if choose && !self.name.trim().is_empty() {
            let typed = PathBuf::from(self.name.trim());
            let path = if typed.is_absolute() {
                typed
            } else {
                self.folder.join(typed)
            };
            if path.is_dir() {
                self.name.clear();
                self.enter(path);
                return PickerOutcome::Open(self);
            }
            return self.picked(path);
        }
        PickerOutcome::Open(self)
    }

    /// The user chose `path`: check it, ask before replacing a file, or answer.
    fn picked(mut self: Box<Self>, path: PathBuf) -> PickerOutcome {
        let path = match self.question.purpose {
            Purpose::Save if path.extension().is_none() => {
                let ext = self.question.extensions().first().cloned();
                match ext {
                    Some(e) => path.with_extension(e),
                    None => path,
                }
            }
            _ => path,
        };
        let problem = match self.question.purpose {
            Purpose::Open if !path.is_file() => Some(format!("{} is not a file", path.display())),
            Purpose::Save if path.is_dir() => Some(format!("{} is a folder", path.display())),
            Purpose::Save
                if path
                    .parent()
                    .is_some_and(|d| !d.as_os_str().is_empty() && !d.is_dir()) =>
            {
                Some(format!(
                    "the folder {} does not exist",
                    path.parent()
                        .map(Path::display)
                        .map(|d| d.to_string())
                        .unwrap_or_default()
                ))
            }
            _ => None,
        };
        if let Some(p) = problem {
            self.problem = Some(p);
            return PickerOutcome::Open(self);
        }
        if self.question.purpose == Purpose::Save && path.exists() {
            self.confirm = Some(path);
            return PickerOutcome::Open(self);
        }
        PickerOutcome::Closed(Some(Command::FileChosen {
            action: self.action,
            path,
        }))
    }

    fn confirm_ui(mut self: Box<Self>, ctx: &egui::Context, path: PathBuf) -> PickerOutcome {
        let mut answer = None;
        let r = egui::Modal::new(egui::Id::unique("in_app_file_dialog_replace")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.heading("Replace the file?");
            ui.label(format!("{} already exists. Replace it?", path.display()));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        if answer.is_none() && r.should_close() {
            answer = Some(false);
        }
        match answer {
            Some(true) => PickerOutcome::Closed(Some(Command::FileChosen {
                action: self.action,
                path,
            })),
            Some(false) => {
                // Back to the dialog to pick another name.
                self.confirm = None;
                PickerOutcome::Open(self)
            }
            None => PickerOutcome::Open(self),
        }
    }
}

/// Take this frame's Esc press so that it closes only the dialog it was meant for.
pub fn consume_escape(ctx: &egui::Context) {
    ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_accept_their_extensions_only() {
        let q = FileQuestion::open("x")
            .filter("Boards", &["ron", "OBJ"])
            .filter("Games", &["sgf", "ron"]);
        assert!(q.accepts(Path::new("a/b.ron")));
        assert!(q.accepts(Path::new("b.obj")));
        assert!(q.accepts(Path::new("b.SGF")));
        assert!(!q.accepts(Path::new("b.svg")));
        assert!(!q.accepts(Path::new("b")));
        assert!(FileQuestion::open("any").accepts(Path::new("b")));
        assert_eq!(q.extensions(), ["ron", "obj", "sgf"], "each extension once");
    }

    #[test]
    fn a_test_chooser_answers_picked_or_cancelled() {
        let c = FileChooser::new(|q| (q.purpose == Purpose::Save).then(|| PathBuf::from("x")));
        assert_eq!(
            c.choose(&FileQuestion::save("s", "x")),
            Answer::Picked(PathBuf::from("x"))
        );
        assert_eq!(c.choose(&FileQuestion::open("o")), Answer::Cancelled);
        assert_eq!(
            FileChooser::unavailable().choose(&FileQuestion::open("o")),
            Answer::Unavailable
        );
    }
}
