//! Classes (issue 41): a teacher (an account with a token) makes a class
//! and gets a code of six characters; students join with a nickname only
//! and get a key of their own (no e-mail, no password: the phone keeps
//! the key); the teacher assigns sets of exercises; every answer is kept;
//! an exercise a student missed comes back later ([`REVIEW_AFTER`]).
//!
//! An exercise is stored as the page's link form of it
//! (`compact~S1_N3~motif~level~margin~exact~depth~gain~refutations`):
//! its position in the compact notation and its solution line first. The
//! answer the archive judges is the line's first move.
//!
//! The code is the only secret of a class: 31 letters and digits that no
//! one misreads (no `0 O 1 I L`), 31^6 ≈ 887 million codes, drawn by the
//! operating system's randomness; the service limits the joins that find
//! no class per address. A student's key is a token (`accounts.rs`): the
//! archive keeps its SHA-256 only.

use serde::Serialize;
use songo_notation::Conventions;
use songo_notation::any::{self, AnyPosition, ByFamily};
use songo_notation::i18n::Message;
use songo_notation::msg;

use super::accounts::{new_token, now, rfc3339, token_hash};
use super::db::Value;
use super::people::fold;
use super::{Account, Archive, ArchiveError, Scope};

/// The characters of a class code: no two that people confuse.
pub const CLASS_CODE_ALPHABET: &str = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// The characters of a class code.
pub const CLASS_CODE_CHARS: usize = 6;
/// The longest nickname, in characters.
pub const MAX_NICKNAME_CHARS: usize = 24;
/// The longest name of a class or title of a set, in characters.
pub const MAX_CLASS_NAME_CHARS: usize = 80;
/// The most classes a teacher keeps.
pub const MAX_CLASSES_PER_TEACHER: usize = 50;
/// The most students a class takes.
pub const MAX_CLASS_STUDENTS: usize = 60;
/// The most sets a class is assigned.
pub const MAX_CLASS_SETS: usize = 40;
/// The most exercises in a set.
pub const MAX_SET_EXERCISES: usize = 50;
/// The longest exercise (its link form), in bytes.
pub const MAX_EXERCISE_BYTES: usize = 1000;
/// The most answers a student gives, all exercises together.
pub const MAX_STUDENT_ATTEMPTS: usize = 5000;

/// When an exercise a student missed comes back, in seconds after the
/// answer before: 10 minutes after the miss, then a day, 3 days and a
/// week after each right answer given when it was due. A wrong answer
/// starts again from 10 minutes; a right answer before it is due changes
/// nothing; right when due at the last step, it is learned.
pub const REVIEW_AFTER: [i64; 4] = [10 * 60, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600];

/// A class as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassSummary {
    /// Its code, which students join by.
    pub code: String,
    /// Its name.
    pub name: String,
    /// The account that made it.
    pub teacher: String,
    /// When it was made (RFC 3339, UTC).
    pub created: String,
    /// Its students.
    pub students: usize,
    /// Its sets.
    pub sets: usize,
}

/// A set of exercises assigned to a class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassSet {
    /// Its number in the class, from 1.
    pub number: u32,
    /// Its title.
    pub title: String,
    /// Its exercises, each in the page's link form.
    pub exercises: Vec<String>,
    /// When it was assigned.
    pub added: String,
}

/// A student who joined, and the key that is his only proof of it.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct Joined {
    /// The class's code.
    pub code: String,
    /// The class's name.
    pub class: String,
    /// The nickname, as stored.
    pub nickname: String,
    /// The key, in clear: shown once, kept nowhere (its hash is).
    pub key: String,
}

impl std::fmt::Debug for Joined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Joined")
            .field("code", &self.code)
            .field("nickname", &self.nickname)
            .finish_non_exhaustive()
    }
}

/// Where a student stands on an exercise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// Not answered yet.
    New,
    /// Solved at the first try.
    FirstTry,
    /// Missed, and waiting to come back.
    Waiting,
    /// Missed, and back: to answer again now.
    Due,
    /// Missed, then answered right at every review.
    Learned,
}

/// A student's progress on one exercise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// The set's number.
    pub set: u32,
    /// The exercise's index in the set, from 0.
    pub exercise: u32,
    /// Where the student stands.
    pub standing: Standing,
    /// His answers.
    pub attempts: u32,
    /// Whether his first answer was right.
    pub first_try: bool,
    /// Whether an answer of his was right.
    pub solved: bool,
    /// The reviews passed (of [`REVIEW_AFTER`]'s).
    pub reviews: u32,
    /// When it comes back (RFC 3339), while it is waiting or due.
    pub due: Option<String>,
}

/// A student's line of the teacher's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StudentReport {
    /// His nickname.
    pub nickname: String,
    /// When he joined.
    pub joined: String,
    /// His progress on every exercise of every set, in order.
    pub progress: Vec<Progress>,
}

/// What the teacher sees of a class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassReport {
    /// The class.
    #[serde(flatten)]
    pub class: ClassSummary,
    /// Its sets.
    pub set_list: Vec<ClassSet>,
    /// Its students, in the order they joined.
    pub student_list: Vec<StudentReport>,
}

/// What a student sees of his class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassWork {
    /// The class's code.
    pub code: String,
    /// The class's name.
    pub class: String,
    /// His nickname.
    pub nickname: String,
    /// The sets.
    pub sets: Vec<ClassSet>,
    /// His progress on every exercise of every set, in order.
    pub progress: Vec<Progress>,
    /// The exercises back for review now, the longest due first.
    pub due: Vec<Progress>,
}

/// An answer, judged and kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answered {
    /// Whether it is the solution's first move.
    pub correct: bool,
    /// The progress on the exercise after it.
    pub progress: Progress,
}

/// Why a class refused what it was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassRefusal {
    /// No class has this code.
    NoSuchClass(String),
    /// A name, a title or a nickname that is empty, too long or holds a
    /// control character: the field and its limit.
    BadName(&'static str, usize),
    /// The nickname is taken in the class.
    NicknameTaken(String),
    /// The teacher keeps as many classes as he may.
    TooManyClasses,
    /// The class has as many students as it may take.
    Full,
    /// The class has as many sets as it may.
    TooManySets,
    /// A set without exercises, or with too many.
    SetSize,
    /// An exercise that is not one: its index in the set and why.
    BadExercise(usize, String),
    /// No such set or exercise in the class.
    NoSuchExercise {
        /// The set's number.
        set: u32,
        /// The exercise's index.
        exercise: u32,
    },
    /// No student of the class has this key.
    WrongKey,
    /// The student gave as many answers as he may.
    TooManyAttempts,
    /// A move that is not a house's name.
    BadMove(String),
    /// No student of the class has this nickname.
    NoSuchStudent(String),
}

impl ClassRefusal {
    /// What was refused, in words for people.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            ClassRefusal::NoSuchClass(code) => msg!("class-no-such", code = code.as_str()),
            ClassRefusal::BadName(field, most) => {
                msg!("class-bad-name", field = *field, most = *most)
            }
            ClassRefusal::NicknameTaken(name) => {
                msg!("class-nickname-taken", name = name.as_str())
            }
            ClassRefusal::TooManyClasses => {
                msg!("class-too-many-classes", most = MAX_CLASSES_PER_TEACHER)
            }
            ClassRefusal::Full => msg!("class-full", most = MAX_CLASS_STUDENTS),
            ClassRefusal::TooManySets => msg!("class-too-many-sets", most = MAX_CLASS_SETS),
            ClassRefusal::SetSize => msg!("class-set-size", most = MAX_SET_EXERCISES),
            ClassRefusal::BadExercise(index, why) => msg!(
                "class-bad-exercise",
                index = *index,
                why = Message::verbatim(why.clone())
            ),
            ClassRefusal::NoSuchExercise { set, exercise } => {
                msg!("class-no-such-exercise", set = *set, exercise = *exercise)
            }
            ClassRefusal::WrongKey => msg!("class-wrong-key"),
            ClassRefusal::TooManyAttempts => {
                msg!("class-too-many-attempts", most = MAX_STUDENT_ATTEMPTS)
            }
            ClassRefusal::BadMove(text) => msg!("class-bad-move", text = text.as_str()),
            ClassRefusal::NoSuchStudent(name) => {
                msg!("class-no-such-student", name = name.as_str())
            }
        }
    }

    /// Whether the refusal is that something is not there (HTTP 404).
    #[must_use]
    pub fn is_missing(&self) -> bool {
        matches!(
            self,
            ClassRefusal::NoSuchClass(_)
                | ClassRefusal::NoSuchExercise { .. }
                | ClassRefusal::NoSuchStudent(_)
        )
    }

    /// Whether the refusal is the class's state, not the request's form
    /// (HTTP 409).
    #[must_use]
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            ClassRefusal::NicknameTaken(_)
                | ClassRefusal::TooManyClasses
                | ClassRefusal::Full
                | ClassRefusal::TooManySets
                | ClassRefusal::TooManyAttempts
        )
    }
}

type Refused<T> = Result<Result<T, ClassRefusal>, ArchiveError>;

/// A name as stored: trimmed; refused when empty, longer than `most`
/// characters or holding a control character.
fn checked(field: &'static str, text: &str, most: usize) -> Result<String, ClassRefusal> {
    let text = text.trim();
    if text.is_empty()
        || fold(text).is_empty()
        || text.chars().count() > most
        || text.chars().any(char::is_control)
    {
        return Err(ClassRefusal::BadName(field, most));
    }
    Ok(text.to_owned())
}

/// A code as typed: upper case, without spaces or dashes.
#[must_use]
pub fn normal_code(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .take(CLASS_CODE_CHARS + 1)
        .collect()
}

/// A new code: six characters of [`CLASS_CODE_ALPHABET`], each drawn
/// uniformly (bytes past the last whole multiple of 31 are drawn again).
fn new_code() -> Result<String, ArchiveError> {
    let alphabet = CLASS_CODE_ALPHABET.as_bytes();
    let fair = 256 - 256 % alphabet.len();
    let mut code = String::with_capacity(CLASS_CODE_CHARS);
    while code.len() < CLASS_CODE_CHARS {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| ArchiveError::Database(e.to_string()))?;
        for byte in bytes {
            if usize::from(byte) < fair && code.len() < CLASS_CODE_CHARS {
                code.push(char::from(alphabet[usize::from(byte) % alphabet.len()]));
            }
        }
    }
    Ok(code)
}

/// Whether `text` names a house (`S0`…`N6`, `a`…`f` camps' `S1`…).
fn is_house(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(chars.next(), Some('N' | 'S'))
        && (1..=2).contains(&chars.as_str().len())
        && chars.all(|c| c.is_ascii_digit())
}

/// An exercise in its link form, checked: its position reads, its line's
/// moves are houses, its solution is legal there. The solution, or why not.
fn solution_of(link: &str) -> Result<String, String> {
    if link.len() > MAX_EXERCISE_BYTES {
        return Err(format!("longer than {MAX_EXERCISE_BYTES} bytes"));
    }
    if link.chars().any(char::is_control) {
        return Err("a control character".to_owned());
    }
    let mut fields = link.split('~');
    let compact = fields.next().unwrap_or_default();
    let line = fields.next().unwrap_or_default();
    let moves: Vec<&str> = line.split('_').collect();
    if moves.iter().any(|m| !is_house(m)) || moves.len() > 16 {
        return Err(format!("the line {line:.40} is not 1 to 16 houses"));
    }
    let position: AnyPosition = compact
        .parse()
        .map_err(|_| format!("{compact:.80} is no position in the compact notation"))?;
    let legal = match any::moves(&position) {
        ByFamily::Sowing(report) => report.legal_names(Conventions::default()),
        ByFamily::Seega(_) => return Err("Seega has no exercises".to_owned()),
    };
    let solution = moves[0].to_owned();
    if !legal.contains(&solution) {
        return Err(format!("{solution} is not legal in {compact:.80}"));
    }
    Ok(solution)
}

/// One answer as stored.
struct Attempt {
    set: u32,
    exercise: u32,
    correct: bool,
    at: i64,
}

/// The progress of the answers to one exercise, in the order given.
fn progress(set: u32, exercise: u32, attempts: &[&Attempt], now: i64) -> Progress {
    let mut missed = false;
    let mut step = 0usize;
    let mut last = 0;
    let mut solved = false;
    for attempt in attempts {
        solved |= attempt.correct;
        if !attempt.correct {
            missed = true;
            step = 0;
            last = attempt.at;
        } else if missed && step < REVIEW_AFTER.len() && attempt.at >= last + REVIEW_AFTER[step] {
            step += 1;
            last = attempt.at;
        }
    }
    let due = (missed && step < REVIEW_AFTER.len()).then(|| last + REVIEW_AFTER[step]);
    let standing = match due {
        _ if attempts.is_empty() => Standing::New,
        Some(due) if due <= now => Standing::Due,
        Some(_) => Standing::Waiting,
        None if missed => Standing::Learned,
        None => Standing::FirstTry,
    };
    Progress {
        set,
        exercise,
        standing,
        attempts: u32::try_from(attempts.len()).unwrap_or(u32::MAX),
        first_try: attempts.first().is_some_and(|first| first.correct),
        solved,
        reviews: u32::try_from(step).unwrap_or(0),
        due: due.map(rfc3339),
    }
}

/// Every exercise's progress, set by set, from a student's answers.
fn progress_all(sets: &[ClassSet], attempts: &[Attempt], now: i64) -> Vec<Progress> {
    let mut all = Vec::new();
    for set in sets {
        for index in 0..set.exercises.len() {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            let own: Vec<&Attempt> = attempts
                .iter()
                .filter(|a| a.set == set.number && a.exercise == index)
                .collect();
            all.push(progress(set.number, index, &own, now));
        }
    }
    all
}

fn int(row: &[Value], at: usize) -> i64 {
    row.get(at).and_then(Value::int).unwrap_or(0)
}

fn text(row: &[Value], at: usize) -> String {
    row.get(at)
        .and_then(Value::text)
        .unwrap_or_default()
        .to_owned()
}

fn small(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// A class's row: id, name, teacher, created.
struct ClassRow {
    id: i64,
    code: String,
    name: String,
    teacher: String,
    created: i64,
}

impl Archive {
    fn class_row(&mut self, code: &str) -> Result<Result<ClassRow, ClassRefusal>, ArchiveError> {
        let code = normal_code(code);
        let rows = self.db.query(
            "SELECT id, name, teacher, created FROM classes WHERE code = $1",
            &[code.as_str().into()],
        )?;
        Ok(match rows.first() {
            Some(row) => Ok(ClassRow {
                id: int(row, 0),
                code,
                name: text(row, 1),
                teacher: text(row, 2),
                created: int(row, 3),
            }),
            None => Err(ClassRefusal::NoSuchClass(code)),
        })
    }

    /// The class of `code` if `account` made it (or is an admin): another
    /// teacher's class is none to him, so that no token finds codes.
    fn teachers_class(&mut self, code: &str, account: &Account) -> Refused<ClassRow> {
        let class = match self.class_row(code)? {
            Ok(class) => class,
            Err(refused) => return Ok(Err(refused)),
        };
        if class.teacher != account.name && account.scope != Scope::Admin {
            return Ok(Err(ClassRefusal::NoSuchClass(class.code)));
        }
        Ok(Ok(class))
    }

    fn summary(&mut self, class: &ClassRow) -> Result<ClassSummary, ArchiveError> {
        let count = |archive: &mut Archive, sql: &str| -> Result<usize, ArchiveError> {
            let rows = archive.db.query(sql, &[class.id.into()])?;
            Ok(usize::try_from(rows.first().map_or(0, |row| int(row, 0))).unwrap_or(0))
        };
        Ok(ClassSummary {
            code: class.code.clone(),
            name: class.name.clone(),
            teacher: class.teacher.clone(),
            created: rfc3339(class.created),
            students: count(self, "SELECT COUNT(*) FROM class_students WHERE class = $1")?,
            sets: count(self, "SELECT COUNT(*) FROM class_sets WHERE class = $1")?,
        })
    }

    fn class_sets(&mut self, class: i64) -> Result<Vec<ClassSet>, ArchiveError> {
        let rows = self.db.query(
            "SELECT number, title, exercises, added FROM class_sets WHERE class = $1 \
             ORDER BY number",
            &[class.into()],
        )?;
        Ok(rows
            .iter()
            .map(|row| ClassSet {
                number: small(int(row, 0)),
                title: text(row, 1),
                exercises: text(row, 2).lines().map(str::to_owned).collect(),
                added: rfc3339(int(row, 3)),
            })
            .collect())
    }

    fn attempts_of(&mut self, student: i64) -> Result<Vec<Attempt>, ArchiveError> {
        let rows = self.db.query(
            "SELECT set_number, exercise, correct, made_at FROM class_attempts \
             WHERE student = $1 ORDER BY id",
            &[student.into()],
        )?;
        Ok(rows
            .iter()
            .map(|row| Attempt {
                set: small(int(row, 0)),
                exercise: small(int(row, 1)),
                correct: int(row, 2) != 0,
                at: int(row, 3),
            })
            .collect())
    }

    /// Makes a class for the teacher `account`, with a new code.
    ///
    /// # Errors
    /// The database fails.
    pub fn create_class(&mut self, name: &str, account: &Account) -> Refused<ClassSummary> {
        let name = match checked("name", name, MAX_CLASS_NAME_CHARS) {
            Ok(name) => name,
            Err(refused) => return Ok(Err(refused)),
        };
        self.in_retried_transaction(|archive| {
            let rows = archive.db.query(
                "SELECT COUNT(*) FROM classes WHERE teacher = $1",
                &[account.name.as_str().into()],
            )?;
            if rows.first().map_or(0, |row| int(row, 0)) >= MAX_CLASSES_PER_TEACHER as i64 {
                return Ok(Err(ClassRefusal::TooManyClasses));
            }
            // A code already taken is drawn again (ON CONFLICT: no error
            // that would end PostgreSQL's transaction).
            let created = now();
            for _ in 0..8 {
                let code = new_code()?;
                let added = archive.db.query(
                    "INSERT INTO classes (code, name, teacher, created) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (code) DO NOTHING RETURNING id",
                    &[
                        code.as_str().into(),
                        name.as_str().into(),
                        account.name.as_str().into(),
                        created.into(),
                    ],
                )?;
                if let Some(row) = added.first() {
                    let class = ClassRow {
                        id: int(row, 0),
                        code,
                        name: name.clone(),
                        teacher: account.name.clone(),
                        created,
                    };
                    return Ok(Ok(archive.summary(&class)?));
                }
            }
            Err(ArchiveError::Database("no free class code".to_owned()))
        })
    }

    /// The classes `account` made (every class for an admin), newest first.
    ///
    /// # Errors
    /// The database fails.
    pub fn classes(&mut self, account: &Account) -> Result<Vec<ClassSummary>, ArchiveError> {
        let rows = if account.scope == Scope::Admin {
            self.db.query(
                "SELECT id, code, name, teacher, created FROM classes ORDER BY id DESC",
                &[],
            )?
        } else {
            self.db.query(
                "SELECT id, code, name, teacher, created FROM classes WHERE teacher = $1 \
                 ORDER BY id DESC",
                &[account.name.as_str().into()],
            )?
        };
        let classes: Vec<ClassRow> = rows
            .iter()
            .map(|row| ClassRow {
                id: int(row, 0),
                code: text(row, 1),
                name: text(row, 2),
                teacher: text(row, 3),
                created: int(row, 4),
            })
            .collect();
        classes.iter().map(|class| self.summary(class)).collect()
    }

    /// Assigns a set of exercises (each in the page's link form) to the
    /// class of `code`.
    ///
    /// # Errors
    /// The database fails.
    pub fn assign_set(
        &mut self,
        code: &str,
        title: &str,
        exercises: &[String],
        account: &Account,
    ) -> Refused<ClassSet> {
        let title = match checked("title", title, MAX_CLASS_NAME_CHARS) {
            Ok(title) => title,
            Err(refused) => return Ok(Err(refused)),
        };
        if exercises.is_empty() || exercises.len() > MAX_SET_EXERCISES {
            return Ok(Err(ClassRefusal::SetSize));
        }
        for (index, exercise) in exercises.iter().enumerate() {
            if let Err(why) = solution_of(exercise) {
                return Ok(Err(ClassRefusal::BadExercise(index, why)));
            }
        }
        self.in_retried_transaction(|archive| {
            let class = match archive.teachers_class(code, account)? {
                Ok(class) => class,
                Err(refused) => return Ok(Err(refused)),
            };
            let rows = archive.db.query(
                "SELECT COUNT(*), COALESCE(MAX(number), 0) FROM class_sets WHERE class = $1",
                &[class.id.into()],
            )?;
            let (count, last) = rows
                .first()
                .map_or((0, 0), |row| (int(row, 0), int(row, 1)));
            if count >= MAX_CLASS_SETS as i64 {
                return Ok(Err(ClassRefusal::TooManySets));
            }
            let added = now();
            archive.db.execute(
                "INSERT INTO class_sets (class, number, title, exercises, added) \
                 VALUES ($1, $2, $3, $4, $5)",
                &[
                    class.id.into(),
                    (last + 1).into(),
                    title.as_str().into(),
                    exercises.join("\n").into(),
                    added.into(),
                ],
            )?;
            Ok(Ok(ClassSet {
                number: small(last + 1),
                title: title.clone(),
                exercises: exercises.to_vec(),
                added: rfc3339(added),
            }))
        })
    }

    /// A student joins the class of `code` under `nickname`: his key.
    ///
    /// # Errors
    /// The database fails, or the system has no randomness.
    pub fn join_class(&mut self, code: &str, nickname: &str) -> Refused<Joined> {
        let nickname = match checked("nickname", nickname, MAX_NICKNAME_CHARS) {
            Ok(nickname) => nickname,
            Err(refused) => return Ok(Err(refused)),
        };
        let key = new_token().map_err(|e| ArchiveError::Database(e.message().to_string()))?;
        self.in_retried_transaction(|archive| {
            let class = match archive.class_row(code)? {
                Ok(class) => class,
                Err(refused) => return Ok(Err(refused)),
            };
            let rows = archive.db.query(
                "SELECT COUNT(*) FROM class_students WHERE class = $1",
                &[class.id.into()],
            )?;
            if rows.first().map_or(0, |row| int(row, 0)) >= MAX_CLASS_STUDENTS as i64 {
                return Ok(Err(ClassRefusal::Full));
            }
            let added = archive.db.query(
                "INSERT INTO class_students (class, nickname, folded, key_hash, joined) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (class, folded) DO NOTHING RETURNING id",
                &[
                    class.id.into(),
                    nickname.as_str().into(),
                    fold(&nickname).into(),
                    token_hash(&key).into(),
                    now().into(),
                ],
            )?;
            if added.is_empty() {
                return Ok(Err(ClassRefusal::NicknameTaken(nickname.clone())));
            }
            Ok(Ok(Joined {
                code: class.code,
                class: class.name,
                nickname: nickname.clone(),
                key: key.clone(),
            }))
        })
    }

    /// The student of `key` in the class of `code`: his id and nickname.
    /// A code of no class is a wrong key, so that no one finds codes here.
    fn student(&mut self, code: &str, key: &str) -> Refused<(ClassRow, i64, String)> {
        let Ok(class) = self.class_row(code)? else {
            return Ok(Err(ClassRefusal::WrongKey));
        };
        let rows = self.db.query(
            "SELECT id, nickname FROM class_students WHERE class = $1 AND key_hash = $2",
            &[class.id.into(), token_hash(key).into()],
        )?;
        Ok(match rows.first() {
            Some(row) => Ok((class, int(row, 0), text(row, 1))),
            None => Err(ClassRefusal::WrongKey),
        })
    }

    /// What the student of `key` sees of his class at `now` (seconds
    /// since 1970): the sets, his progress, what is back for review.
    ///
    /// # Errors
    /// The database fails.
    pub fn class_work(&mut self, code: &str, key: &str, now: i64) -> Refused<ClassWork> {
        let (class, student, nickname) = match self.student(code, key)? {
            Ok(found) => found,
            Err(refused) => return Ok(Err(refused)),
        };
        let sets = self.class_sets(class.id)?;
        let attempts = self.attempts_of(student)?;
        let progress = progress_all(&sets, &attempts, now);
        let mut due: Vec<Progress> = progress
            .iter()
            .filter(|p| p.standing == Standing::Due)
            .cloned()
            .collect();
        due.sort_by(|a, b| a.due.cmp(&b.due));
        Ok(Ok(ClassWork {
            code: class.code,
            class: class.name,
            nickname,
            sets,
            progress,
            due,
        }))
    }

    /// Keeps a student's answer `played` to an exercise, at `now`
    /// (seconds since 1970), judged against its solution.
    ///
    /// # Errors
    /// The database fails.
    pub fn answer(
        &mut self,
        code: &str,
        key: &str,
        (set, exercise): (u32, u32),
        played: &str,
        now: i64,
    ) -> Refused<Answered> {
        if !is_house(played) {
            return Ok(Err(ClassRefusal::BadMove(
                played.chars().take(20).collect(),
            )));
        }
        self.in_retried_transaction(|archive| {
            let (class, student, _) = match archive.student(code, key)? {
                Ok(found) => found,
                Err(refused) => return Ok(Err(refused)),
            };
            let missing = ClassRefusal::NoSuchExercise { set, exercise };
            let sets = archive.class_sets(class.id)?;
            let Some(link) = sets
                .iter()
                .find(|s| s.number == set)
                .and_then(|s| s.exercises.get(exercise as usize))
            else {
                return Ok(Err(missing));
            };
            let Ok(solution) = solution_of(link) else {
                return Ok(Err(missing));
            };
            let rows = archive.db.query(
                "SELECT COUNT(*) FROM class_attempts WHERE student = $1",
                &[student.into()],
            )?;
            if rows.first().map_or(0, |row| int(row, 0)) >= MAX_STUDENT_ATTEMPTS as i64 {
                return Ok(Err(ClassRefusal::TooManyAttempts));
            }
            let correct = played == solution;
            archive.db.execute(
                "INSERT INTO class_attempts (student, set_number, exercise, move, correct, \
                 made_at) VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    student.into(),
                    i64::from(set).into(),
                    i64::from(exercise).into(),
                    played.into(),
                    i64::from(correct).into(),
                    now.into(),
                ],
            )?;
            let attempts = archive.attempts_of(student)?;
            let own: Vec<&Attempt> = attempts
                .iter()
                .filter(|a| a.set == set && a.exercise == exercise)
                .collect();
            Ok(Ok(Answered {
                correct,
                progress: progress(set, exercise, &own, now),
            }))
        })
    }

    /// Deletes the class of `code`, which `account` made (or any, for an
    /// admin), with its sets, its students and their answers: its code
    /// and the students' keys find nothing afterwards.
    ///
    /// # Errors
    /// The database fails.
    pub fn delete_class(&mut self, code: &str, account: &Account) -> Refused<()> {
        self.in_retried_transaction(|archive| {
            let class = match archive.teachers_class(code, account)? {
                Ok(class) => class,
                Err(refused) => return Ok(Err(refused)),
            };
            for sql in [
                "DELETE FROM class_attempts WHERE student IN \
                 (SELECT id FROM class_students WHERE class = $1)",
                "DELETE FROM class_students WHERE class = $1",
                "DELETE FROM class_sets WHERE class = $1",
                "DELETE FROM classes WHERE id = $1",
            ] {
                archive.db.execute(sql, &[class.id.into()])?;
            }
            Ok(Ok(()))
        })
    }

    /// Removes the student `nickname` (compared as a join compares it:
    /// case and accents aside) from the class of `code`, with his answers:
    /// his key finds nothing afterwards and the nickname is free again.
    ///
    /// # Errors
    /// The database fails.
    pub fn remove_student(&mut self, code: &str, nickname: &str, account: &Account) -> Refused<()> {
        self.in_retried_transaction(|archive| {
            let class = match archive.teachers_class(code, account)? {
                Ok(class) => class,
                Err(refused) => return Ok(Err(refused)),
            };
            let rows = archive.db.query(
                "SELECT id FROM class_students WHERE class = $1 AND folded = $2",
                &[class.id.into(), fold(nickname.trim()).into()],
            )?;
            let Some(student) = rows.first().map(|row| int(row, 0)) else {
                let shown: String = nickname.chars().take(MAX_NICKNAME_CHARS).collect();
                return Ok(Err(ClassRefusal::NoSuchStudent(shown)));
            };
            archive.db.execute(
                "DELETE FROM class_attempts WHERE student = $1",
                &[student.into()],
            )?;
            archive.db.execute(
                "DELETE FROM class_students WHERE id = $1",
                &[student.into()],
            )?;
            Ok(Ok(()))
        })
    }

    /// The teacher's report of the class of `code` at `now`: every
    /// student's progress on every exercise.
    ///
    /// # Errors
    /// The database fails.
    pub fn class_report(
        &mut self,
        code: &str,
        account: &Account,
        now: i64,
    ) -> Refused<ClassReport> {
        let class = match self.teachers_class(code, account)? {
            Ok(class) => class,
            Err(refused) => return Ok(Err(refused)),
        };
        let summary = self.summary(&class)?;
        let sets = self.class_sets(class.id)?;
        let rows = self.db.query(
            "SELECT id, nickname, joined FROM class_students WHERE class = $1 ORDER BY id",
            &[class.id.into()],
        )?;
        let mut students = Vec::with_capacity(rows.len());
        for row in &rows {
            let attempts = self.attempts_of(int(row, 0))?;
            students.push(StudentReport {
                nickname: text(row, 1),
                joined: rfc3339(int(row, 2)),
                progress: progress_all(&sets, &attempts, now),
            });
        }
        Ok(Ok(ClassReport {
            class: summary,
            set_list: sets,
            student_list: students,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(correct: bool, at: i64) -> Attempt {
        Attempt {
            set: 1,
            exercise: 0,
            correct,
            at,
        }
    }

    fn standing(attempts: &[Attempt], now: i64) -> (Standing, u32) {
        let own: Vec<&Attempt> = attempts.iter().collect();
        let p = progress(1, 0, &own, now);
        (p.standing, p.reviews)
    }

    #[test]
    fn a_missed_exercise_comes_back_by_the_schedule() {
        let day = 24 * 3600;
        assert_eq!(standing(&[], 0), (Standing::New, 0));
        assert_eq!(standing(&[at(true, 0)], 0), (Standing::FirstTry, 0));
        // Missed, then right at once: still back in 10 minutes.
        let mut tries = vec![at(false, 0), at(true, 5)];
        assert_eq!(standing(&tries, 599), (Standing::Waiting, 0));
        assert_eq!(standing(&tries, 600), (Standing::Due, 0));
        // Right when due: a day, then 3 days, then a week, then learned.
        tries.push(at(true, 600));
        assert_eq!(standing(&tries, 600 + day - 1), (Standing::Waiting, 1));
        tries.push(at(true, 600 + day));
        tries.push(at(true, 600 + 4 * day));
        assert_eq!(standing(&tries, 600 + 4 * day), (Standing::Waiting, 3));
        tries.push(at(true, 600 + 11 * day));
        assert_eq!(standing(&tries, 600 + 11 * day), (Standing::Learned, 4));
        // A miss starts again.
        tries.push(at(false, 600 + 12 * day));
        assert_eq!(standing(&tries, 600 + 12 * day), (Standing::Waiting, 0));
    }

    #[test]
    fn codes_are_six_unambiguous_characters() {
        for _ in 0..200 {
            let code = new_code().expect("a code");
            assert_eq!(code.len(), CLASS_CODE_CHARS);
            assert!(code.chars().all(|c| CLASS_CODE_ALPHABET.contains(c)));
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']));
        }
        assert_eq!(normal_code(" ab3-d ef "), "AB3DEF");
    }
}
